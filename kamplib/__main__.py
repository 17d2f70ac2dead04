"""``python -m kamplib`` does what the ``kamp`` command does."""

import sys

from kamplib.cli import main

if __name__ == "__main__":
    sys.exit(main())
