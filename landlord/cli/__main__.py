"""Allow ``python -m landlord.cli``, as ``python -m landlord``."""

import sys

from landlord.cli import main

if __name__ == "__main__":
    sys.exit(main())
