"""What a day touches: the `Solution` it subclasses, the `Example`s it declares, the
checks its declarations meet as its class is defined, the input helpers, and the steps a
day runs in. Registering the class is the registry's: a day's author reads this module alone."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar, cast

from aoc2023.framework.answers import answer_text, described

Answer = int | str | None
"""What a part returns: usually an int; None means it has no answer."""

Parsed = TypeVar("Parsed")

_INTEGER = re.compile(r"(?<![0-9])-?[0-9]+")  # "2-4" is a range: 2 and 4


@dataclass(frozen=True)
class Example:
    """An example from the puzzle text, with the answer each part should give for it.

    A part left as None is not run on it. `extra` carries parameters the puzzle changes
    for its examples (a smaller grid), read by the day from `self.extra`. One leading
    newline is dropped, and the trailing line ends when it runs, as every input's.
    """

    input: str
    part_1: Answer = None
    part_2: Answer = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    name: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.input, str):
            raise DeclarationError(f"an Example's input is {described(self.input)}, not a str")
        if self.name is not None and not isinstance(self.name, str):
            raise DeclarationError(f"an Example's name is {described(self.name)}, not a str")
        if not isinstance(self.extra, Mapping):
            raise DeclarationError(f"an Example's extra is {described(self.extra)}, not a dict")
        if self.input.startswith("\n"):
            object.__setattr__(self, "input", self.input[1:])
        for part in (1, 2):
            self.expected(part)  # a TypeError now rather than at run time

    def expected(self, part: int) -> str | None:
        """The answer `part` should give, as the text it is compared as; None if none."""
        value = self.part_1 if part == 1 else self.part_2
        return None if value is None else answer_text(value)


class Solution(Generic[Parsed]):
    """Subclass once per day: `class Day07(Solution[list[Hand]])`, in `aoc2023/day07.py`.

    `Parsed` is what `parse` returns and the parts take. Override `parse` (by default
    the text itself), then `part_1` and `part_2`, or `solve` for both at once. A part
    not written yet (raising NotImplementedError itself) shows as "not implemented".
    Each part gets a fresh instance and a fresh parse, so it may change either.

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
    """The examples from the puzzle text, with their expected answers: `aoc run --example`
    and the tests check them, and a part is sent only when they pass. Any iterable of
    Examples is read once, as the class is defined."""
    variant: ClassVar[str | None] = None
    """The variant's name for an alternative implementation; None for the day itself."""

    def __init__(self, extra: Mapping[str, Any] | None = None) -> None:
        self.extra: Mapping[str, Any] = dict(extra or {})
        """A copy of an example's `Example.extra` (a part may change its own), {} for the real
        input: a day reads them with the real value as default, `self.extra.get("n", 64)`."""

    def __init_subclass__(cls, variant: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _check_declarations(cls)
        if registrar is None:  # never so: importing this module runs the face first
            raise RuntimeError("aoc2023.framework.registry is not imported")
        registrar(cls, variant)

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

        Return the pair, or (better) yield part 1's answer, then part 2's: each part is then
        timed on its own, and an example of part 1 alone never runs part 2's code.
        """
        raise NotImplementedError

    @classmethod
    def solves_both_at_once(cls) -> bool:
        """Whether the day solves with `solve` rather than the parts: the nearest class that
        defines either says (a variant's own part 1 runs, though its day's has `solve`)."""
        nearest = next(k for k in cls.__mro__ if {"solve", "part_1", "part_2"} & vars(k).keys())
        return nearest is not Solution and "solve" in vars(nearest)  # Solution defines all

    @classmethod
    def solves_in_turn(cls) -> bool:
        """Whether the day's `solve` yields its answers one part at a time (decorated too)."""
        return cls.solves_both_at_once() and inspect.isgeneratorfunction(inspect.unwrap(cls.solve))


registrar: Callable[[type[Solution[Any]], str | None], None] | None = None
"""registry.py's `register` (a class, its variant's name), set as it is imported: this
module cannot import it."""


class DeclarationError(TypeError):
    """A class attribute of a day (or an Example) of the wrong shape: raised as the class is
    defined, so its module fails to import in this one sentence."""


def _check_declarations(cls: type[Solution[Any]]) -> None:
    """Check the attributes `cls` sets itself: a bad one is a DeclarationError naming it.
    `examples` other than a list or tuple (a generator) is read into a tuple once."""
    own = cls.__dict__
    where = f"{cls.__qualname__}'s"
    if (title := own.get("title")) is not None and not isinstance(title, str):
        raise DeclarationError(
            f"{where} `title` is {described(title)}: give a str, or leave "
            "it out to read it from the puzzle page"
        )
    for name in ("year", "day"):
        value = own.get(name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise DeclarationError(f"{where} `{name}` is {described(value)}, not an int")
    for name in ("__init__", "parse", "part_1", "part_2", "solve"):  # not `part_1 = 5`
        if name in own and not callable(getattr(cls, name)):  # a partialmethod is, a property not
            raise DeclarationError(f"{where} `{name}` is {described(own[name])}: give a method")
    if "examples" in own:
        cls.examples = _examples(own["examples"], where)


def _examples(declared: object, where: str) -> Sequence[Example]:
    fix = "write `examples = [Example(...), ...]`"
    if declared is None:
        return ()
    if isinstance(declared, Example):
        raise DeclarationError(f"{where} `examples` is one Example, not a list of them: {fix}")
    if isinstance(declared, (str, bytes, Mapping)) or not isinstance(declared, Iterable):
        raise DeclarationError(
            f"{where} `examples` is {described(declared)}, not a list of Examples: {fix}"
        )
    try:
        examples = declared if isinstance(declared, (list, tuple)) else tuple(declared)
    except Exception as error:
        raise DeclarationError(
            f"{where} `examples` could not be read ({type(error).__name__}: {error}): {fix}"
        ) from error
    for number, example in enumerate(examples, start=1):
        if not isinstance(example, Example):
            raise DeclarationError(
                f"{where} example {number} is {described(example)}, not an Example: {fix}"
            )
    return examples


def lines(text: str) -> list[str]:
    """The input's lines, each as it is (spaces kept): the line breaks (`\\n` or `\\r\\n`)
    are taken off, and the blank lines (empty, or only whitespace) at the end."""
    found = [line.removesuffix("\r") for line in text.split("\n")]
    while found and not found[-1].strip():
        found.pop()
    return found


def ints(text: str) -> list[int]:
    """Every integer in the text, in order, with its sign (`"x=-3"`: [-3]; a range, `2-4`: 2, 4)."""
    return [int(number) for number in _INTEGER.findall(text)]


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """The input's lines numbered from 1 (`lines`), for parse errors that name the line."""
    return list(enumerate(lines(text), start=1))


# The steps the framework runs a day in (runner, bench, --memory-flame): not a day's to call.
def parsed_anew(cls: type[Solution[Any]], text: str, extra: Mapping[str, Any]) -> tuple[Any, Any]:
    """A fresh instance and its parse of `text`: the parse step, `__init__` included (the
    day's code too, which may fail or take time), alike under `aoc run` and `aoc bench`."""
    made = cls(extra=extra)
    return made, made.parse(text)


def day_steps(
    solution: Solution[Any], data: Any, parts: tuple[int, ...]
) -> Generator[tuple[str, Callable[[Any], Any], Any], None, None]:
    """The steps of `steps_of` after the parse, each (label, function, argument), called by
    the caller: a part on `data`, `solve` on it, or the next answer of a yielding `solve`."""
    steps = steps_of(type(solution), parts)[1:]
    if solution.solves_in_turn():
        with closing(cast(Generator[Any, None, None], solution.solve(data))) as answers:
            yield from ((step, next, answers) for step in steps)
        return
    methods = {"part 1": solution.part_1, "part 2": solution.part_2, "parts 1+2": solution.solve}
    yield from ((step, methods[step], data) for step in steps)


def steps_of(solution_class: type[Solution[Any]], parts: tuple[int, ...]) -> list[str]:
    """The steps that run `parts`, in order: the parse, then the parts' or `solve`'s."""
    if solution_class.solves_in_turn():
        parts = tuple(range(1, max(parts, default=0) + 1))
    elif parts and solution_class.solves_both_at_once():
        return ["parse", "parts 1+2"]
    return ["parse", *(f"part {part}" for part in parts)]
