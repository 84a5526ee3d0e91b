"""The kit's version, in a module of its own so that any layer may read it.

``landlord.__version__`` is the same; the package's root imports the layers
above, so the modules below read the version from here.
"""

__version__ = "0.1.0.dev0"
