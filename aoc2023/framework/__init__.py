"""The framework that finds, runs, checks and times the days. A day imports from here."""

from aoc2023.framework.errors import InputError
from aoc2023.framework.solution import Answer, Example, Solution, ints, lines, numbered_lines

__all__ = ["Answer", "Example", "InputError", "Solution", "ints", "lines", "numbered_lines"]
