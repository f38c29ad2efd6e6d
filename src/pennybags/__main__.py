"""``python -m pennybags`` is the ``pennybags`` command."""

import sys

from pennybags.cli import main

sys.exit(main())
