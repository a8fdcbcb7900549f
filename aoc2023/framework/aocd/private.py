"""Every aocd name that is not public, in one place, each with why aoc needs it (`NAMES`).

tests/test_layout.py refuses such a name anywhere else, and tests/test_aocd_private.py
checks each; one that is gone is `AocdChanged`, one sentence."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from functools import cache, reduce
from typing import Any, NamedTuple

from aoc2023.framework.errors import AocError


class PrivateName(NamedTuple):
    module: str
    path: str
    """Attributes from the module, dotted: `User._token2id`."""
    callable: bool
    why: str


NAMES = (
    PrivateName(
        "aocd.models",
        "User._token2id",
        False,
        "aocd's memo of token owners in memory: the owner when its file could not "
        "be written, and reset for main() called from code",
    ),
    PrivateName(
        "aocd.runner",
        "_load_users",
        True,
        "aocd's runner reads its users before its options: held back for its help, "
        "which needs none",
    ),
    PrivateName(
        "aocd.utils",
        "http.pool_manager",
        False,
        "the urllib3 pool aocd sends through: our User-Agent, time limits and "
        "redirect rule go in its headers and defaults",
    ),
    PrivateName(
        "aocd.utils",
        "http._limiter",
        True,
        "aocd's pause before each request: the floor between requests across "
        "processes goes in there",
    ),
    PrivateName(
        "aocd.models",
        "Puzzle._get_prose",
        True,
        "the fullest copy of the puzzle's page aocd has (aoc read)",
    ),
    PrivateName(
        "aocd.models",
        "Puzzle._request_puzzle_page",
        True,
        "fetch the puzzle's page again, once a part was solved (aoc read)",
    ),
    PrivateName(
        "aocd.utils",
        "http._max_t",
        False,
        "the tests only: aocd's pause between requests, set to none against the stand-in site",
    ),
)


class AocdChanged(AocError):
    """The installed aocd lacks a name aoc needs: a release that aoc does not know yet."""


@cache
def version(name: str = "advent-of-code-data", missing: str = "unknown") -> str:
    """The installed version of `name` (aocd's by default), looked up once; else `missing`."""
    from importlib.metadata import PackageNotFoundError, version

    with suppress(PackageNotFoundError):
        return version(name)
    return missing


def holder(names: Iterable[Any], path: str, changed: Callable[[Any], Exception]) -> tuple[Any, str]:
    """The object holding the last attribute of `path` (one of `names`, with its `module`)
    and its name, for `monkeypatch`; `changed(name)` when any of it is gone."""
    name = next(name for name in names if name.path == path)
    *parents, last = path.split(".")
    try:
        owner = reduce(getattr, parents, importlib.import_module(name.module))
    except (ImportError, AttributeError) as error:
        raise changed(name) from error
    if not hasattr(owner, last):
        raise changed(name)
    return owner, last


def where(path: str) -> tuple[Any, str]:
    """`holder` of `path` in NAMES; AocdChanged when any of it is gone."""
    return holder(NAMES, path, _changed)


def _changed(name: PrivateName) -> AocdChanged:
    return AocdChanged(
        f"advent-of-code-data {version()} has no {name.module}.{name.path}, which aoc uses for "
        f"{name.why.split(':')[0]}: install the aocd release aoc supports (advent-of-code-data<2.3)"
    )


def get(path: str) -> Any:
    """The value of the private name `path` (one of NAMES); AocdChanged when it is gone."""
    return getattr(*where(path))


def put(path: str, value: Any) -> None:
    """Set the private name `path` (one of NAMES) to `value`."""
    setattr(*where(path), value)


def token_owners_in_memory() -> dict[str, object] | None:
    """aocd's memo of token owners in this process; None when not loaded or read yet."""
    return get("User._token2id") if "aocd.models" in sys.modules else None


def forget_token_owners(memo: dict[str, object] | None = None) -> None:
    """Put back aocd's memo of token owners (None: read again from its file when asked)."""
    if "aocd.models" in sys.modules:
        put("User._token2id", memo)


@contextmanager
def floored(before: Callable[[], None]) -> Iterator[None]:
    """`before` ahead of aocd's pause before each request in the block (once if nested)."""
    import aocd.utils

    http = aocd.utils.http
    if "_limiter" in vars(http):  # set on the instance: an outer block's
        yield
        return
    limiter: Callable[[], None] = get("http._limiter")

    def floored_limiter() -> None:
        before()
        limiter()

    put("http._limiter", floored_limiter)  # on the instance, where the check above looks
    try:
        yield
    finally:
        vars(http).pop("_limiter", None)
