"""The base class a day's solution subclasses, and the examples it declares.

A day is one module, `aoc2023/dayNN.py`, holding one subclass of `Solution`::

    class Day07(Solution[list[Hand]]):
        examples = [Example(EXAMPLE, part_1=6440, part_2=5905)]

        def parse(self, text: str) -> list[Hand]: ...
        def part_1(self, hands: list[Hand]) -> int: ...
        def part_2(self, hands: list[Hand]) -> int: ...

Defining the subclass registers it under (year, day), read from the module name
(`aoc2023.day07` is 2023 day 7) unless the class sets them itself. A class in another
module of a year package sets `day` (the year is the package's: `aoc2023.camel`), and a
class in a package of another name sets both; a class that sets no day is a helper
base class, not a day.
`parse` is its own step so that it is timed apart from the parts; each part gets
a freshly parsed input, so a part that mutates its input cannot spoil the other.
A day that computes both answers at once overrides `solve` instead of the parts,
returning both or (better) yielding part 1's answer, then part 2's.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

Answer = int | str | None
"""What a part returns: usually an int; None means it has no answer."""

Parsed = TypeVar("Parsed")

_INTEGER = re.compile(r"-?\d+")
_DAY_MODULE_NAME = re.compile(r"(?:^|\.)aoc(?P<year>\d{4})\.day(?P<day>\d{1,2})$")
_YEAR_PACKAGE_NAME = re.compile(r"^aoc(?P<year>\d{4})(?:\.|$)")

REGISTRY: dict[tuple[int, int], type[Solution[Any]]] = {}
"""Every day defined so far, by (year, day). Filled by subclassing `Solution`."""


@dataclass(frozen=True)
class Example:
    """An example from the puzzle text, with the answer each part should give for it.

    A part left as None has no expected answer for this example and is not run on it
    (so an example can belong to one part only). `extra` carries parameters the
    puzzle changes for its examples (a smaller grid, fewer steps); the day reads them
    from `self.extra`. A single leading newline is dropped, so the input can start on
    the line after the opening triple quote.
    """

    input: str
    part_1: Answer = None
    part_2: Answer = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    name: str | None = None

    def __post_init__(self) -> None:
        if self.input.startswith("\n"):
            object.__setattr__(self, "input", self.input[1:])
        for part in (1, 2):
            self.expected(part)  # a TypeError now, naming the value, rather than at run time

    def expected(self, part: int) -> str | None:
        value = self.part_1 if part == 1 else self.part_2
        return None if value is None else answer_text(value)


class Solution(Generic[Parsed]):
    """Subclass once per day; see the module docstring."""

    year: ClassVar[int]
    day: ClassVar[int]
    title: ClassVar[str | None] = None
    examples: ClassVar[Sequence[Example]] = ()

    def __init__(self, extra: Mapping[str, Any] | None = None) -> None:
        self.extra: Mapping[str, Any] = extra or {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        named = _DAY_MODULE_NAME.search(cls.__module__)
        package = _YEAR_PACKAGE_NAME.match(cls.__module__)
        found_year = named or package
        year = cls.__dict__.get("year", int(found_year["year"]) if found_year else None)
        day = cls.__dict__.get("day", int(named["day"]) if named else None)
        if day is None and (year is None or "year" not in cls.__dict__):
            return  # a helper base class, or a class in a helper module: not a day itself
        if year is None or day is None:
            raise TypeError(f"{cls.__qualname__} must set both `year` and `day` (or neither)")
        cls.year, cls.day = int(year), int(day)
        key = (cls.year, cls.day)
        previous = REGISTRY.get(key)
        if previous is not None and previous.__qualname__ != cls.__qualname__:
            raise TypeError(
                f"{cls.__module__}.{cls.__qualname__} and "
                f"{previous.__module__}.{previous.__qualname__} both claim {key[0]} day {key[1]}"
            )
        REGISTRY[key] = cls

    def parse(self, text: str) -> Parsed:
        """Turn the raw input into what the parts take. By default, the text itself."""
        return text  # type: ignore[return-value]

    def part_1(self, data: Parsed) -> Answer:
        raise NotImplementedError

    def part_2(self, data: Parsed) -> Answer:
        raise NotImplementedError

    def solve(self, data: Parsed) -> tuple[Answer, Answer] | Iterator[Answer]:
        """Both answers at once; override this instead of the parts when they share work.

        Either return the pair, or (better) yield part 1's answer, then part 2's: each
        part is then timed on its own, and an example that declares part 1 alone never
        runs part 2's code, which often needs the real input's shape.
        """
        raise NotImplementedError

    @classmethod
    def solves_both_at_once(cls) -> bool:
        """Whether the day overrides `solve` rather than the parts."""
        return cls.solve is not Solution.solve

    @classmethod
    def solves_in_turn(cls) -> bool:
        """Whether the day's `solve` yields its answers one part at a time."""
        return cls.solves_both_at_once() and inspect.isgeneratorfunction(cls.solve)


def answer_text(value: object) -> str:
    """The text an answer is compared, shown and submitted as (coerced as aocd does).

    Surrounding whitespace is not part of an answer: `"41\n"` is 41. A multi-line
    answer (letters drawn with `#`) keeps its inner layout.
    """
    if isinstance(value, bool):
        raise TypeError(f"an answer was a bool ({value}); give the answer itself")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, bytes):
        value = value.decode()
    if isinstance(value, str):
        inner = value.strip("\r\n")
        return value.strip() if "\n" not in inner else inner
    raise TypeError(f"an answer was {type(value).__name__} {value!r}; give an int or a str")


def lines(text: str) -> list[str]:
    """The input's lines, ignoring `\\r\\n` endings and blank lines at the end."""
    return text.rstrip().splitlines()


def ints(text: str) -> list[int]:
    """Every integer in the text, in order, signs included (`"x=-3, y=4"` gives [-3, 4])."""
    return [int(number) for number in _INTEGER.findall(text)]


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """The input's lines numbered from 1, for parse errors that name the line."""
    return list(enumerate(lines(text), start=1))
