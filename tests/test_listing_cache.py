"""The listing cache (`registry.ListingCache`): it watches every file of the year package,
private helpers, sub-packages (linked ones too) and data files included, and a cache
file of any shape it cannot use is a miss, never an error. The year is a throwaway one, 2090.
What fresh `aoc list` processes import as those files change: test_list.py."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import AocdHome, temporary_year
from site_cli import aoc_in_process

from aoc2023.framework import store
from aoc2023.framework.registry import Declared, ListingCache, package_stamp, stamp

DAY = """
from aoc2023.framework import Example, Solution
from aoc2090._common import TITLE


class Day(Solution[str]):
    title = TITLE
    examples = [Example("abc", part_1=3)]
"""

SUB_DAY = DAY.replace("aoc2090._common", "aoc2090.sub.helper")


@pytest.fixture
def year_2090(tmp_path: Path) -> Iterator[Path]:
    files = {"day01.py": DAY, "_common.py": "TITLE = 'First'\n"}
    with temporary_year(tmp_path / "site", 2090, files) as package:
        (package / "sub").mkdir()
        (package / "sub" / "__init__.py").write_text("")
        (package / "sub" / "helper.py").write_text("TITLE = 'First'\n")
        yield package


def _rewrite(path: Path) -> None:
    """Another text, of another size (as an edit would), so that its stamp moves."""
    path.write_text(path.read_text() + "# edited\n")


@pytest.mark.parametrize("helper", ["_common.py", "sub/helper.py", "sub/__init__.py",
                                    "__init__.py"])
def test_a_change_to_any_file_of_the_year_package_is_a_miss(
        year_2090: Path, helper: str) -> None:
    day = year_2090 / "day01.py"
    cache = ListingCache(Path("unused"), {})
    declared = Declared(2090, 1, "First", (1, 0))
    cache.put(day, declared, stamp(day), package_stamp([year_2090]))
    assert cache.get(day, 2090, 1, package_stamp([year_2090])) == declared
    _rewrite(year_2090 / helper)
    assert cache.get(day, 2090, 1, package_stamp([year_2090])) is None


def test_a_data_file_or_a_linked_sub_package_of_the_year_is_watched(
        year_2090: Path, tmp_path: Path) -> None:
    """A day may read its examples from a text file beside it, or import from a folder
    linked into its year: a change to either is a miss too."""
    (year_2090 / "examples").mkdir()
    (year_2090 / "examples" / "day01.txt").write_text("abc\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "__init__.py").write_text("")
    (elsewhere / "names.py").write_text("TITLE = 'First'\n")
    (year_2090 / "linked").symlink_to(elsewhere, target_is_directory=True)
    (year_2090 / "sub" / "up").symlink_to(year_2090, target_is_directory=True)  # a loop
    for changed in (year_2090 / "examples" / "day01.txt", elsewhere / "names.py"):
        before = package_stamp([year_2090])
        _rewrite(changed)
        assert package_stamp([year_2090]) != before, changed


def test_bytecode_and_hidden_folders_are_not_watched(year_2090: Path) -> None:
    before = package_stamp([year_2090])
    for folder in ("__pycache__", ".mypy_cache"):
        (year_2090 / folder).mkdir(exist_ok=True)
        (year_2090 / folder / "x.py").write_text("")
    assert package_stamp([year_2090]) == before
    assert [Path(file).relative_to(year_2090).as_posix() for file, _ in before] == [
        "__init__.py", "_common.py", "day01.py", "sub/__init__.py", "sub/helper.py"]


def _deep(cache: Path) -> None:
    cache.write_text("[" * 200_000 + "]" * 200_000)


def _deep_inside(cache: Path) -> None:
    cache.write_text('{"version": 1, "days": ' + '{"a": ' * 50_000 + "1" + "}" * 50_001)


def _folder(cache: Path) -> None:
    cache.mkdir()
    (cache / "inside").write_text("{}")


def _unreadable(cache: Path) -> None:
    cache.write_text('{"version": 1, "days": {}}')
    cache.chmod(0)


def _text(text: str | bytes) -> Callable[[Path], None]:
    def write(cache: Path) -> None:
        if isinstance(text, bytes):
            cache.write_bytes(text)
        else:
            cache.write_text(text)
    return write


DAMAGE: dict[str, Callable[[Path], None]] = {
    "nested deep": _deep,
    "nested deep inside": _deep_inside,
    "truncated": _text('{"version": 1, "days": {"/x/day01.py": {"stamp": [1, '),
    "binary": _text(b"\xff\xfe\x00\x01\x80garbage\x00"),
    "empty": _text(""),
    "a list": _text("[1, 2]"),
    "a string": _text('"cache"'),
    "version of another type": _text('{"version": "1", "days": {}}'),
    "days of another type": _text('{"version": 1, "days": [1, 2]}'),
    "entries of another type": _text('{"version": 1, "days": {"entry points": 3, "/x": null}}'),
    "a folder": _folder,
    "unreadable": _unreadable,
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_cache_of_any_shape_is_a_miss(
        year_2090: Path, aocd_home: AocdHome, damage: str) -> None:
    cache = store.listing_cache_file()
    cache.parent.mkdir(parents=True, exist_ok=True)
    DAMAGE[damage](cache)
    try:
        assert ListingCache.load().get(year_2090 / "day01.py", 2090, 1,
                                       package_stamp([year_2090])) is None
        listed = aoc_in_process("list", "2090")
        again = aoc_in_process("list", "2090")
    finally:
        if not cache.is_dir():
            cache.chmod(0o600)
    for done in listed, again:
        assert done.returncode == 0, done.stderr
        assert "2090/01" in done.stdout and "First" in done.stdout
        assert "Traceback" not in done.stderr and "unexpected" not in done.stderr


OTHER_TYPES = [5, "ab", None, [1, "x"], {"a": 1}, [[[[]]]]]


FIELDS = ["title", "examples", "year", "day", "stamp", "package"]


def test_an_entry_whose_fields_have_other_types_is_a_miss(
        year_2090: Path, aocd_home: AocdHome) -> None:
    """An entry for the day's own file, as written, but with one field replaced by a value
    of each other type in turn: the cache never gives it (`ListingCache.get`, the one
    door `aoc list` reads an entry through), and the day is imported again and listed
    as it is, never as the entry says (one listing a field)."""
    assert aoc_in_process("list", "2090").returncode == 0
    cache = store.listing_cache_file()
    written = cache.read_text()
    day = year_2090 / "day01.py"
    for field in FIELDS:
        data = json.loads(written)
        entry = data["days"][str(day)]
        entry["title"] = "From The Cache"
        cache.write_text(json.dumps(data))
        if field == FIELDS[0]:
            assert "From The Cache" in aoc_in_process("list", "2090").stdout  # it is read
        # A title may be None or a str.
        values = [v for v in OTHER_TYPES
                  if field != "title" or not (v is None or isinstance(v, str))]
        for value in values:
            entry[field] = value
            cache.write_text(json.dumps(data))
            assert ListingCache.load().get(day, 2090, 1, package_stamp([year_2090])) is None, (
                field, value)
        done = aoc_in_process("list", "2090")  # the last value of the field is still there
        assert done.returncode == 0, (field, done.stderr)
        assert "First" in done.stdout and "From The Cache" not in done.stdout, field
