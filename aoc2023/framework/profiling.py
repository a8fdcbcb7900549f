"""`aoc run --profile`: where a day's time goes, function by function.

The day's parse and parts run under cProfile (in this process, or in the child
process of `--timeout`, which sends its figures back); the table shows the
functions that spent the most time in their own code. The profiler is on only
inside the day's own methods, so the framework around them (timing, checking,
the pipe to a child) stays out of the figures. The times in the results table
include the profiler's overhead when profiling.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from aoc2023.framework.solution import Solution

if TYPE_CHECKING:
    import cProfile

T = TypeVar("T")


@dataclass(frozen=True)
class ProfileRow:
    """One function's share of a profiled run."""

    function: str
    location: str
    """`path:line` of the function, or "" for a built-in."""
    calls: int
    primitive_calls: int
    own_seconds: float
    total_seconds: float

RawStats = dict[tuple[str, int, str], tuple[int, int, float, float]]
"""cProfile's figures by (file, line, function): primitive calls, calls, own time,
total time (seconds). Plain data, so a child process can send it back."""

_FRAMEWORK = str(Path(__file__).resolve().parent)
_PROFILER_ITSELF = frozenset({
    "<method 'enable' of '_lsprof.Profiler' objects>",
    "<method 'disable' of '_lsprof.Profiler' objects>",
})


class Profiler:
    """Adds up cProfile's figures over any number of runs (and child processes)."""

    def __init__(self) -> None:
        self._raw: RawStats = {}

    def call(
        self, solution_class: type[Solution[Any]], function: Callable[[type[Solution[Any]]], T]
    ) -> T:
        """`function(profiled_class)`: the profiler runs only inside the day's own methods
        (parse, the parts, solve), so the harness around them stays out of the figures."""
        import cProfile

        profile = cProfile.Profile()
        try:
            return function(_profiled(solution_class, profile))
        finally:
            profile.create_stats()
            self.add({key: (cc, nc, tt, ct) for key, (cc, nc, tt, ct, _) in profile.stats.items()})

    def add(self, raw: RawStats) -> None:
        for key, (cc, nc, tt, ct) in raw.items():
            old = self._raw.get(key, (0, 0, 0.0, 0.0))
            self._raw[key] = (old[0] + cc, old[1] + nc, old[2] + tt, old[3] + ct)

    def raw(self) -> RawStats:
        return dict(self._raw)

    def top(self, count: int = 15) -> list[ProfileRow]:
        """The `count` functions with the most time in their own code: the day's, and
        those it calls."""
        rows = []
        for (file, line, name), (cc, nc, tt, ct) in self._raw.items():
            if file.startswith(_FRAMEWORK) or name in _PROFILER_ITSELF:
                continue
            builtin = file == "~" and line == 0
            location = "" if builtin else f"{_short_path(file)}:{line}"
            rows.append(ProfileRow(name, location, nc, cc, tt, ct))
        rows.sort(key=lambda row: row.own_seconds, reverse=True)
        return rows[:count]


def _profiled(
    solution_class: type[Solution[Any]], profile: cProfile.Profile
) -> type[Solution[Any]]:
    """A subclass of the day whose own methods run with `profile` on (once, however
    they call each other)."""
    depth = [0]

    def profiling() -> None:
        depth[0] += 1
        if depth[0] == 1:
            profile.enable()

    def not_profiling() -> None:
        depth[0] -= 1
        if depth[0] == 0:
            profile.disable()

    def wrap(method: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        @functools.wraps(method)
        def profiled(self: Any, data: Any) -> Any:
            profiling()
            try:
                return method(self, data)
            finally:
                not_profiling()

        return profiled

    def wrap_generator(method: Callable[[Any, Any], Iterator[Any]]) -> Callable[[Any, Any], Any]:
        """A `solve` that yields runs between the yields, so profile each stretch."""
        @functools.wraps(method)
        def profiled(self: Any, data: Any) -> Iterator[Any]:
            answers = method(self, data)
            while True:
                profiling()
                try:
                    answer = next(answers)
                except StopIteration:
                    return
                finally:
                    not_profiling()
                yield answer

        return profiled

    names = ["parse", "part_1", "part_2"]
    if solution_class.solves_both_at_once():
        names.append("solve")  # only then: overriding it would make any day "solve both"
    namespace: dict[str, Any] = {name: wrap(getattr(solution_class, name)) for name in names}
    if solution_class.solves_in_turn():
        namespace["solve"] = wrap_generator(solution_class.solve)  # type: ignore[arg-type]
    namespace["__module__"] = __name__  # not a day module: the subclass is not registered
    return type(solution_class.__name__, (solution_class,), namespace)


def _short_path(file: str) -> str:
    try:
        return str(Path(file).resolve().relative_to(Path.cwd()))
    except ValueError:
        return file
