"""Every pytest name that is not public, in one place, each with why aoc needs it.

pytest has no public way to read a `-m`/`-k` expression, which pytest_plugin.py asks of
(to decide on workers): `compile_expression` uses pytest's own grammar, and is the only
door to `_pytest` (tests/test_layout.py). `NAMES` lists the names, checked against the
installed pytest by tests/test_pytest_private.py; a name gone is `PytestChanged`."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, NamedTuple

Matcher = Callable[..., bool]
"""Whether a word of an expression holds: called with the word (and, for `-k`, its
keyword arguments), as pytest calls it."""


class PrivateName(NamedTuple):
    module: str
    path: str
    """Attributes from the module, dotted: `Expression.compile`."""
    why: str


NAMES = (
    PrivateName(
        "_pytest.mark.expression",
        "Expression.compile",
        "reading a -m or -k expression with pytest's own grammar",
    ),
    PrivateName(
        "_pytest.mark.expression",
        "Expression.evaluate",
        "asking whether an expression is true for given words",
    ),
)


class PytestChanged(Exception):
    """The installed pytest lacks a name aoc needs: a release aoc does not know yet."""


def changed(path: str) -> PytestChanged:
    from importlib.metadata import version

    name = _named(path)
    return PytestChanged(
        f"pytest {version('pytest')} has no {name.module}.{name.path}, "
        f"which aoc uses for {name.why}; see aoc2023/framework/"
        "pytest_private.py"
    )


def _named(path: str) -> PrivateName:
    return next(name for name in NAMES if name.path == path)


def where(path: str) -> tuple[Any, str]:
    """The object holding the last attribute of `path` (one of NAMES), and that
    attribute's name (for a test's `monkeypatch`, which puts it back); PytestChanged
    when what holds it is gone."""
    name = _named(path)
    *parents, last = name.path.split(".")
    try:
        owner: Any = importlib.import_module(name.module)
        for parent in parents:
            owner = getattr(owner, parent)
    except (ImportError, AttributeError) as error:
        raise changed(path) from error
    return owner, last


def compile_expression(text: str) -> Callable[[Matcher], bool]:
    """pytest's reading of the `-m`/`-k` expression `text`: a function that tells, given
    a matcher, whether the expression is true. PytestChanged when pytest lacks a name of
    NAMES; pytest's own error (a ParseError) when it cannot read `text`."""
    for name in NAMES:
        owner, attribute = where(name.path)
        if not callable(getattr(owner, attribute, None)):
            raise changed(name.path)
    from _pytest.mark.expression import Expression

    return Expression.compile(text).evaluate
