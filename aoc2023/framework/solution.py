"""The base class a day's solution subclasses, and the examples it declares.

A day is one module, `aoc2023/dayNN.py`, holding one subclass of `Solution`:

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

A day may also declare variants: other implementations of its parse and parts, kept
beside the readable one (a faster one, usually), which the framework checks against
the day's examples and against the main implementation's answers, and times beside
it. A variant is a subclass named with `variant=`; it inherits what it does not
change, and a variant that parses into another shape subclasses `Solution` itself in
the day's module:

    class Day07Fast(Day07, variant="fast"):
        def part_2(self, hands: list[Hand]) -> int: ...   # parse and part 1 inherited

    class Day07Packed(Solution[Packed], variant="packed"):  # in aoc2023/day07.py
        def parse(self, text: str) -> Packed: ...
        ...

A variant registers under the day, never in its place: `aoc run` runs the main one,
`aoc run --variants` all of them. The examples and the title are the day's.
"""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

Answer = int | str | None
"""What a part returns: usually an int; None means it has no answer."""

Parsed = TypeVar("Parsed")

_INTEGER = re.compile(r"-?\d+")
_DAY_MODULE_NAME = re.compile(r"(?:^|\.)aoc(?P<year>\d{4})\.day(?P<day>\d{1,2})$")
_YEAR_PACKAGE_NAME = re.compile(r"^aoc(?P<year>\d{4})(?:\.|$)")

_VARIANT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")

REGISTRY: dict[tuple[int, int], type[Solution[Any]]] = {}
"""Every day defined so far, by (year, day). Filled by subclassing `Solution`."""

VARIANTS: dict[tuple[int, int], dict[str, type[Solution[Any]]]] = {}
"""Every variant defined so far, by (year, day), then by name in the order declared."""

MAIN = "main"
"""The name the main implementation of a day goes by beside its variants."""


@dataclass(frozen=True)
class Example:
    """An example from the puzzle text, with the answer each part should give for it.

    A part left as None has no expected answer for this example and is not run on it
    (so an example can belong to one part only). `extra` carries parameters the
    puzzle changes for its examples (a smaller grid, fewer steps); the day reads them
    from `self.extra`. A single leading newline is dropped, so the input can start on
    the line after the opening triple quote; its trailing line ends are removed when it
    runs, as every input's are (inputs.RunInput).
    """

    input: str
    part_1: Answer = None
    part_2: Answer = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    name: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.input, str):
            raise DeclarationError(f"an Example's input is {_described(self.input)}, not a str")
        if self.name is not None and not isinstance(self.name, str):
            raise DeclarationError(f"an Example's name is {_described(self.name)}, not a str")
        if not isinstance(self.extra, Mapping):
            raise DeclarationError(f"an Example's extra is {_described(self.extra)}, "
                                   "not a dict")
        if self.input.startswith("\n"):
            object.__setattr__(self, "input", self.input[1:])
        for part in (1, 2):
            self.expected(part)  # a TypeError now, naming the value, rather than at run time

    def expected(self, part: int) -> str | None:
        """The answer `part` should give, as the text it is compared as; None if none."""
        value = self.part_1 if part == 1 else self.part_2
        return None if value is None else answer_text(value)


class Solution(Generic[Parsed]):
    """Subclass once per day: `class Day07(Solution[list[Hand]])`, in `aoc2023/day07.py`.

    `Parsed` is what `parse` returns and the parts take. Override `parse` (by default
    the parts get the text itself), then `part_1` and `part_2`, or `solve` for both at
    once. A part not written yet raises NotImplementedError itself and shows as "not
    implemented" (raised from code the part calls, it is an error). The framework makes
    a fresh instance, and a fresh parse, for each part, so a part may change either
    without spoiling the other.

    Defining the subclass registers it: the module's name says the year and day
    (`aoc2023.day07`), or the class sets `day` (and `year`, outside an `aoc<year>`
    package). `class Day07Fast(Day07, variant="fast")` declares a variant instead.
    """

    year: ClassVar[int]
    """The puzzle's year: from the package's name (`aoc2023`) unless the class sets it."""
    day: ClassVar[int]
    """The puzzle's day: from the module's name (`day07`) unless the class sets it."""
    title: ClassVar[str | None] = None
    """The puzzle's title; when None, read from aocd's cached puzzle page."""
    examples: ClassVar[Sequence[Example]] = ()
    """The examples from the puzzle text, with their expected answers: `aoc run
    --example` and the tests check them, and a part is sent only when they pass. Any
    iterable of Examples (a generator too) is read once, as the class is defined, into a
    tuple; anything else (one Example, a str) fails the day's import in one sentence."""
    variant: ClassVar[str | None] = None
    """The variant's name for an alternative implementation; None for the day itself."""

    def __init__(self, extra: Mapping[str, Any] | None = None) -> None:
        self.extra: Mapping[str, Any] = extra or {}
        """Parameters that differ between an example and the real input (`Example.extra`);
        empty for the real input, so a day reads them with its real value as the default:
        `self.extra.get("n_steps", 64)`."""

    def __init_subclass__(cls, variant: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _check_declarations(cls)
        named = _DAY_MODULE_NAME.search(cls.__module__)
        package = _YEAR_PACKAGE_NAME.match(cls.__module__)
        found_year = named or package
        year = cls.__dict__.get("year", int(found_year["year"]) if found_year else None)
        day = cls.__dict__.get("day", int(named["day"]) if named else None)
        if variant is not None:  # the day it sets, else the day it subclasses, else its module's
            _register_variant(cls, variant,
                              cls.__dict__.get("year", getattr(cls, "year", year)),
                              cls.__dict__.get("day", getattr(cls, "day", day)))
            return
        cls.variant = None
        if day is None and (year is None or "year" not in cls.__dict__):
            return  # a helper base class, or a class in a helper module: not a day itself
        if year is None or day is None:
            raise TypeError(f"{cls.__qualname__} must set both `year` and `day` (or neither)")
        cls.year, cls.day = int(year), int(day)
        _claim(REGISTRY, (cls.year, cls.day), cls, f"both claim {cls.year} day {cls.day}")

    def parse(self, text: str) -> Parsed:
        """Turn the raw input into what the parts take. By default, the text itself."""
        return text  # type: ignore[return-value]

    def part_1(self, data: Parsed) -> Answer:
        """Part 1's answer on the parsed input: an int or a str."""
        raise NotImplementedError

    def part_2(self, data: Parsed) -> Answer:
        """Part 2's answer on the parsed input (a fresh parse: part 1 cannot spoil it)."""
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


class DeclarationError(TypeError):
    """A class attribute of a day (or an Example) of the wrong shape: raised as the class is
    defined, so its module fails to import, alone, in this one sentence (registry.py)."""


_DECLARED = ("title", "examples", "year", "day")
"""The class attributes a day may set, each checked once, as its class is defined."""


def _check_declarations(cls: type[Solution[Any]]) -> None:
    """Check the attributes `cls` sets itself (`_DECLARED`), the one place every path goes
    through (`aoc run`, `list`, `bench`, the pytest plugin all import the day): a bad one
    is a DeclarationError naming it. `examples` given as any other iterable than a list or
    tuple (a generator) is read here, once, into a tuple, so that every reader sees it
    whole; None is no examples."""
    own = cls.__dict__
    where = f"{cls.__qualname__}'s"
    title = own.get("title")
    if title is not None and not isinstance(title, str):
        raise DeclarationError(f"{where} `title` is {_described(title)}: give a str, or leave "
                               "it out to read it from the puzzle page")
    for name in ("year", "day"):
        value = own.get(name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise DeclarationError(f"{where} `{name}` is {_described(value)}, not an int")
    if "examples" in own:
        cls.examples = _examples(own["examples"], where)


def _examples(declared: object, where: str) -> Sequence[Example]:
    fix = "write `examples = [Example(...), ...]`"
    if declared is None:
        return ()
    if isinstance(declared, Example):
        raise DeclarationError(f"{where} `examples` is one Example, not a list of them: {fix}")
    if isinstance(declared, (str, bytes, Mapping)) or not isinstance(declared, Iterable):
        raise DeclarationError(f"{where} `examples` is {_described(declared)}, not a list of "
                               f"Examples: {fix}")
    try:
        examples = declared if isinstance(declared, (list, tuple)) else tuple(declared)
    except Exception as error:
        raise DeclarationError(f"{where} `examples` could not be read ({type(error).__name__}: "
                               f"{error}): {fix}") from error
    for number, example in enumerate(examples, start=1):
        if not isinstance(example, Example):
            raise DeclarationError(f"{where} example {number} is {_described(example)}, not an "
                                   f"Example: {fix}")
    return examples


def _register_variant(
    cls: type[Solution[Any]], name: str, year: int | None, day: int | None
) -> None:
    if not isinstance(name, str) or not _VARIANT_NAME.fullmatch(name) or name == MAIN:
        raise TypeError(f"{cls.__qualname__}: a variant's name is letters, digits, '-', '_' "
                        f"or '.' (and not {MAIN!r}), not {name!r}")
    if year is None or day is None:
        raise TypeError(f"{cls.__qualname__} is a variant of no day: subclass the day's class, "
                        "define it in the day's module, or set `year` and `day`")
    cls.year, cls.day, cls.variant = int(year), int(day), name
    _claim(VARIANTS.setdefault((cls.year, cls.day), {}), name, cls,
           f"are both variant {name!r} of {year} day {day}")


def _claim(table: dict[Any, type[Solution[Any]]], key: Any, cls: type[Solution[Any]],
           clash: str) -> None:
    """Put `cls` in `table` under `key`, unless another class is there already. The same
    class defined again (a module imported a second time, as pytest may) replaces it."""
    previous = table.get(key)
    if previous is not None and previous.__qualname__ != cls.__qualname__:
        raise TypeError(f"{cls.__module__}.{cls.__qualname__} and "
                        f"{previous.__module__}.{previous.__qualname__} {clash}")
    table[key] = cls


class Implementation(NamedTuple):
    """One way a day is solved: its main class or one of its variants, by name.

    What `aoc run --variants` runs and what a benchmark times side by side; `steps`
    gives its parse and parts as plain callables, for code that times them itself.
    """

    name: str
    solution_class: type[Solution[Any]]

    def steps(self, extra: Mapping[str, Any] | None = None) -> dict[str, Callable[[Any], Any]]:
        """The steps, bound to a fresh instance: "parse" (text to parsed input), then
        "part 1" and "part 2" (parsed input to answer), or "parts 1+2" (to `solve`'s
        pair or generator) for a day that solves both at once."""
        solution = self.solution_class(extra=extra)
        if self.solution_class.solves_both_at_once():
            return {"parse": solution.parse, "parts 1+2": solution.solve}
        return {"parse": solution.parse, "part 1": solution.part_1, "part 2": solution.part_2}


def variants_of(solution_class: type[Solution[Any]]) -> list[type[Solution[Any]]]:
    """The variants declared for the day of `solution_class`, in the order declared."""
    key = (solution_class.year, solution_class.day)
    return list(VARIANTS.get(key, {}).values())


def implementations(solution_class: type[Solution[Any]]) -> list[Implementation]:
    """The day's main implementation (named `MAIN`), then each of its variants."""
    return [Implementation(MAIN, solution_class)] + [
        Implementation(variant.variant or MAIN, variant) for variant in variants_of(solution_class)
    ]


def answer_text(value: object) -> str:
    """The text an answer is compared, shown and submitted as, coerced as aocd's `coerce`
    does: an int; an integral float, complex, Decimal or Fraction, or numpy number (any
    class registered as a `numbers` type, as numpy registers its own); a one-item numpy
    array; bytes; a str.

    Surrounding whitespace is not part of an answer: `"41\n"` is 41. A multi-line
    answer (letters drawn with `#`) keeps its inner layout. Anything else is a TypeError
    of one bounded sentence (its type, and its repr cut short), whatever the object does
    when printed; ValueError for an int too long to print."""
    if isinstance(value, bool):
        raise TypeError(f"an answer was a bool ({value}); give the answer itself")
    if type(value) is int:
        return str(value)
    if isinstance(value, str):
        inner = value.strip("\r\n")
        return value.strip() if "\n" not in inner else inner
    try:
        text = _coerced(value)
    except ValueError as error:
        if isinstance(value, int) and "digits" in str(error):
            raise  # an int too long to print: its own sentence
        text = None
    except Exception:  # an object of the day's own that fails when asked: not an answer
        text = None
    if text is None:
        raise TypeError(f"an answer was {_described(value)}; give an int or a str")
    return answer_text(text)


def _coerced(value: object) -> str | None:
    """aocd's `coerce` without importing numpy: numpy's numbers are registered as the
    `numbers` types, and a numpy array can only come from a day that imported numpy."""
    import numbers

    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.ndarray) and value.size == 1:
        value = value.item()
    if isinstance(value, int):  # an int subclass prints itself, as in aocd
        return str(value)
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Complex) and not isinstance(value, numbers.Rational):
        real = float(value.real)
        return str(int(real)) if value.imag == 0 and real.is_integer() else None
    decimal = sys.modules.get("decimal")
    if isinstance(value, numbers.Rational) or (
            decimal is not None and isinstance(value, decimal.Decimal)):
        numerator, denominator = value.as_integer_ratio()  # type: ignore[union-attr]
        return str(numerator) if denominator == 1 else None
    if isinstance(value, bytes):
        return value.decode()
    return None


def _described(value: object) -> str:
    """An object as one short phrase: its type and its repr, bounded in length and depth
    (a list of millions, nested 100,000 deep, or whose repr raises, stays one line)."""
    import reprlib

    shown = reprlib.Repr()
    shown.maxlevel, shown.maxstring, shown.maxother = 3, 60, 60
    try:
        text = shown.repr(value)
    except Exception as error:
        text = f"(its repr raised {type(error).__name__})"
    if len(text) > 80:
        text = text[:79] + "…"
    return f"{type(value).__name__} {text}"


def lines(text: str) -> list[str]:
    """The input's lines, each as it is: the line breaks (`\\n` or `\\r\\n`) are taken off,
    and the blank lines (empty, or only whitespace) at the end, whole; never a character
    of a line kept (a line's spaces carry the answer in some puzzles, the last line's
    too)."""
    found = [line.removesuffix("\r") for line in text.split("\n")]
    while found and not found[-1].strip():
        found.pop()
    return found


def ints(text: str) -> list[int]:
    """Every integer in the text, in order, signs included (`"x=-3, y=4"` gives [-3, 4])."""
    return [int(number) for number in _INTEGER.findall(text)]


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """The input's lines numbered from 1 (`lines`, each as it is), for parse errors that
    name the line."""
    return list(enumerate(lines(text), start=1))
