"""The framework that finds, runs, checks and times the days. A day imports from here.

This is the public face for a day's author: `Solution`, `Example`, `InputError` and
the input helpers. A day's tests use `aoc2023.framework.testing`. Everything else is
the framework's own; CONTRIBUTING.md maps it.
"""

from aoc2023.framework import registry  # noqa: F401  # it registers each Solution subclass
from aoc2023.framework.errors import InputError
from aoc2023.framework.solution import Answer, Example, Solution, ints, lines, numbered_lines

__all__ = ["Answer", "Example", "InputError", "Solution", "ints", "lines", "numbered_lines"]
