"""Each pytest name that is not public and that aoc uses (pytest_private.py's NAMES),
checked against the installed pytest: a release that renames or drops one fails the
test that names it, and only that test; the framework then says so in one sentence."""

from __future__ import annotations

from importlib.metadata import version

import pytest

from aoc2023.framework import pytest_private


@pytest.mark.parametrize(
    "name", pytest_private.NAMES, ids=lambda name: f"{name.module}.{name.path}"
)
def test_pytest_still_has(name: pytest_private.PrivateName) -> None:
    try:
        found = getattr(*pytest_private.where(name.path), None)
    except pytest_private.PytestChanged:
        found = None
    assert callable(found), (
        f"pytest {version('pytest')} has no {name.module}.{name.path}: aoc uses it for "
        f"{name.why}; see aoc2023/framework/pytest_private.py"
    )


def test_an_expression_is_read_with_pytest_s_grammar() -> None:
    evaluate = pytest_private.compile_expression("example and not (slow or 2023)")
    assert evaluate(lambda word, **kwargs: word == "example")
    assert not evaluate(lambda word, **kwargs: word in ("example", "slow"))
    with pytest.raises(Exception, match="expected"):  # pytest's own ParseError
        pytest_private.compile_expression("example and")


def test_a_name_pytest_dropped_is_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(*pytest_private.where("Expression.evaluate"))
    with pytest.raises(
        pytest_private.PytestChanged,
        match=(
            r"^pytest \S+ has no _pytest\.mark\.expression\.Expression\.evaluate, which aoc "
            r"uses for asking whether an expression is true"
        ),
    ):
        pytest_private.compile_expression("example")
