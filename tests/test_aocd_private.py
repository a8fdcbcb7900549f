"""Each aocd name that is not public and that aoc uses (aocd/private.py's NAMES), checked
against the installed aocd: a release that renames or drops one fails the test that
names it, and only that test; the framework then says so in one sentence."""

from __future__ import annotations

import inspect

import pytest

from aoc2023.framework.aocd import private


@pytest.mark.parametrize("name", private.NAMES, ids=lambda name: f"{name.module}.{name.path}")
def test_aocd_still_has(name: private.PrivateName) -> None:
    owner, attribute = private.where(name.path)
    assert hasattr(owner, attribute), (
        f"advent-of-code-data {private.version()} has no {name.module}.{name.path}: "
        f"aoc uses it for {name.why}; see aoc2023/framework/aocd/private.py"
    )
    value = inspect.getattr_static(owner, attribute)
    if name.callable:
        assert callable(getattr(owner, attribute)), f"{name.module}.{name.path} is not callable"
        function = value.__func__ if isinstance(value, staticmethod | classmethod) else value
        required = [
            p
            for p in inspect.signature(function).parameters.values()
            if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
        taken = 1 if "." in name.path and not isinstance(value, staticmethod) else 0
        assert len(required) == taken, (
            f"{name.module}.{name.path} now takes {[p.name for p in required]}: aoc calls "
            "it with none"
        )


def test_a_name_aocd_dropped_is_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(*private.where("_load_users"))
    with pytest.raises(
        private.AocdChanged,
        match=(
            r"^advent-of-code-data \S+ has no aocd.runner._load_users, which aoc uses for "
            r"aocd's runner reads its users before its options: install"
        ),
    ):
        private.get("_load_users")
