"""Every pytest name that is not public, in one place, each with why aoc needs it: pytest
has no public way to read a `-m`/`-k` expression, which pytest_plugin.py asks of to decide
on workers. tests/test_pytest_private.py checks `NAMES` against the installed pytest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aoc2023.framework.aocd.private import PrivateName as PrivateName  # re-exported: tests name it
from aoc2023.framework.aocd.private import holder, version

NAMES = (
    PrivateName(
        "_pytest.mark.expression",
        "Expression.compile",
        True,
        "reading a -m or -k expression with pytest's own grammar",
    ),
    PrivateName(
        "_pytest.mark.expression",
        "Expression.evaluate",
        True,
        "asking whether an expression is true for given words",
    ),
)


class PytestChanged(Exception):
    """The installed pytest lacks a name aoc needs: a release aoc does not know yet."""


def _changed(name: PrivateName) -> PytestChanged:
    return PytestChanged(
        f"pytest {version('pytest')} has no {name.module}.{name.path}, which aoc uses for "
        f"{name.why}; see aoc2023/framework/pytest_private.py"
    )


def where(path: str) -> tuple[Any, str]:
    """The object holding the last attribute of `path` (one of NAMES) and that attribute's
    name, for a test's `monkeypatch`; PytestChanged when any of it is gone."""
    return holder(NAMES, path, _changed)


def compile_expression(text: str) -> Callable[[Callable[..., bool]], bool]:
    """pytest's reading of the `-m`/`-k` expression `text`: whether it is true, given a
    matcher (whether a word holds, called as pytest calls it). PytestChanged when pytest
    lacks a name of NAMES; a ParseError for bad `text`."""
    for name in NAMES:  # PytestChanged when one is gone
        where(name.path)
    from _pytest.mark.expression import Expression

    return Expression.compile(text).evaluate
