"""``python -m landlord.serve``: Voila with the kit's guards (see :mod:`landlord.serve`)."""

from landlord.serve.app import main

if __name__ == "__main__":
    main()
