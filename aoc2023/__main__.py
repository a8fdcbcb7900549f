"""`python -m aoc2023` is the `aoc` command, whatever script is installed as `aoc`."""

import sys

from aoc2023.framework.cli import main

sys.exit(main())
