"""aocd's folders and cached files (aocd/paths.py): our reading of aocd's token and cache
must match aocd's own, path for path."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import TOKEN, USER_ID, AocdHome

from aoc2023.framework.aocd import local
from aoc2023.framework.aocd import paths as config
from aoc2023.framework.aocd.paths import PuzzleCache, cached_title


def test_input_and_answer_paths_equal_aocds_own(aocd_loaded: AocdHome) -> None:
    import aocd.models

    aocd_loaded.set_token()
    for year, day in [(2023, 7), (2015, 1), (2024, 25)]:
        ours = PuzzleCache.for_token(TOKEN, year, day)
        theirs = aocd.models.Puzzle(year, day, user=aocd.models.User(TOKEN))
        assert ours is not None
        assert ours.input_path == theirs.input_data_path
        assert ours.answer_path(1) == theirs.answer_a_path
        assert ours.answer_path(2) == theirs.answer_b_path
        assert ours.submissions_path == theirs.submit_results_path
        assert ours.user_dir == theirs.user.memo_dir


def test_token_is_found_where_aocd_finds_it(
    aocd_loaded: AocdHome, monkeypatch: pytest.MonkeyPatch
) -> None:
    import aocd.models

    assert local.find_token() is None
    from_file, from_env = "f11e" * 24, "e0" * 48
    (aocd_loaded.config / "token").write_text(f"  {from_file}  trailing words\n")
    assert local.find_token() == aocd.models.default_user().token == from_file
    monkeypatch.setenv("AOC_SESSION", from_env)
    assert local.find_token() == aocd.models.default_user().token == from_env


def test_cached_input_is_read_as_aocd_reads_it(aocd_loaded: AocdHome) -> None:
    import aocd.models

    aocd_loaded.set_token()
    aocd_loaded.cache_input(2023, 7, "32T3K 765\r\nKK677 28\n\n")
    ours = PuzzleCache.for_token(TOKEN, 2023, 7)
    assert ours is not None
    assert ours.read_input() == aocd.models.Puzzle(2023, 7).input_data


def test_unknown_user_means_no_cache(aocd_home: AocdHome) -> None:
    aocd_home.set_token(user_id=None)
    assert PuzzleCache.for_token(TOKEN, 2023, 7) is None


def test_known_answers_and_title_come_from_the_cache(aocd_home: AocdHome) -> None:
    aocd_home.set_token()
    cache = PuzzleCache.for_token(TOKEN, 2023, 7)
    assert cache is not None
    assert cache.known_answer(1) is None
    aocd_home.cache_answer(2023, 7, 1, "6440\n")
    assert cache.known_answer(1) == "6440"
    assert cached_title(2023, 7, cache.user_dir) is None
    page = aocd_home.user_dir / "2023_07_prose.1.html"
    page.write_text("<main><article><h2>--- Day 7: Camel &amp; Cards ---</h2></article></main>")
    assert cached_title(2023, 7, cache.user_dir) == "Camel & Cards"  # as the page shows it
    # A page that cannot be read (a folder, as a FIFO or bad bytes are) is passed over.
    (aocd_home.user_dir / "2023_07_prose.2.html").mkdir()
    assert cached_title(2023, 7, cache.user_dir) == "Camel & Cards"


def test_project_config_dir_is_used_only_when_it_holds_a_token_and_the_variable_is_unset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from aoc2023.framework import project as project_module

    # Not this checkout's own .aocd_config/, whatever a developer keeps there.
    monkeypatch.setattr(project_module, "SOURCE_CHECKOUT", tmp_path / "elsewhere")
    monkeypatch.delenv("AOCD_CONFIG_DIR")
    project = tmp_path / "project"
    (project / ".aocd_config").mkdir(parents=True)
    (project / "aoc2023").mkdir()
    monkeypatch.chdir(project / "aoc2023")
    # An empty project folder is not aocd's config folder: aocd's own places are used.
    assert local.find_project_config_dir() is None
    assert local.use_project_config_dir() is None
    assert "AOCD_CONFIG_DIR" not in os.environ
    assert config.config_dir() == config.data_dir()
    assert local.token_places() == [  # in the order they are looked in
        "$AOC_SESSION",
        str(project / ".aocd_config" / "token"),
        str(config.data_dir() / "token"),
    ]

    for name in ("tokens.json", "token"):  # either file makes it the config folder
        (project / ".aocd_config" / name).write_text("{}" if name.endswith("json") else TOKEN)
        assert local.find_project_config_dir() == (project / ".aocd_config").resolve()
        (project / ".aocd_config" / name).unlink()
    (project / ".aocd_config" / "token").write_text(f"{TOKEN}\n")
    monkeypatch.setenv("AOCD_CONFIG_DIR", "/somewhere/else")
    assert local.use_project_config_dir() is None
    assert config.config_dir() == Path("/somewhere/else")
    monkeypatch.delenv("AOCD_CONFIG_DIR")
    assert local.use_project_config_dir() == (project / ".aocd_config").resolve()
    assert config.config_dir() == (project / ".aocd_config").resolve()
    assert local.find_token() == TOKEN


def test_a_run_with_nothing_to_send_imports_only_what_it_shows(aocd_home: AocdHome) -> None:
    """Start-up (issue 14), in a fresh process: with every answer known, no submission
    machinery, no site client, no time zones, and neither the bench's figures nor the
    letter reader (aococr); then, in the same process, with no answer known, still not aocd: a
    cached input is run without it (and its owner is not looked up)."""
    aocd_home.set_token()
    aocd_home.cache_input(2023, 7, "32T3K 765\nT55J5 684\nKK677 28\nKTJJT 220\nQQQJA 483\n")
    answers = [
        aocd_home.cache_answer(2023, 7, 1, "6440"),
        aocd_home.cache_answer(2023, 7, 2, "5905"),
    ]
    unwanted = [
        "aocd",
        "urllib3",
        "zoneinfo",
        "aoc2023.framework.submit",
        "aoc2023.framework.aocd.client",
        "aoc2023.framework.aocd.sent",
        "aoc2023.framework.bench.figures",
        "aococr",
        "rich",
        "markdownify",
    ]
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from aoc2023.framework.cli import main\n"
        "known = main(['run', '2023', '7'])\n"
        f"print('imported:', sorted(set({unwanted!r}) & set(sys.modules)), file=sys.stderr)\n"
        "print('\\x1e', flush=True)\n"
        "for answer in sys.argv[1:]:\n"
        "    Path(answer).unlink()\n"
        "unknown = main(['run', '2023', '7', '--json'])\n"
        "print('aocd imported:', 'aocd' in sys.modules, file=sys.stderr)\n"
        "sys.exit(known or unknown)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *map(str, answers)],
        env=aocd_home.env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    table, as_json = done.stdout.split("\x1e\n")
    assert "✔ 6440" in table and "✔ 5905" in table
    assert "imported: []\n" in done.stderr, done.stderr
    assert '"source": "input"' in as_json and '"answer": "6440"' in as_json
    assert "aocd imported: False\n" in done.stderr, done.stderr
    assert USER_ID not in done.stderr
