"""The secrets kept on this machine (aocd/local.py): the token where aocd keeps it, or in
the project, each placement with `aoc` run from inside the project or from outside it
(CASES), for our runner and for aocd's runner; a damaged token list is one sentence.

Each case is a real process (both runners on it, one after the other) on a copy of the
project, with aocd's cache holding 2023 day 7 solved on its example (so nothing is
fetched) for the token's user. The environment's case follows the home folder's in its
process (the same folders at start-up; the token's files then removed), and ends with a
run without the variable (read anew by each command, not at start-up): with no token
anywhere, the notice names every place looked. And aocd's memo of whose each token is
made readable by its owner alone.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
import site_cli
import test_output
from conftest import NETBLOCK, TOKEN, AocdHome
from fake_aoc import FakeAoC
from project_copy import copy_project, isolated
from site_cli import aoc_in_process
from test_output import MARK, aoc


def placed(place: str, tmp_path: Path, project: Path) -> dict[str, str]:
    """Put the token (and aocd's cache for its user) in `place`; the environment to use."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"AOC_SESSION", "AOCD_DIR", "AOCD_CONFIG_DIR"}
    }
    env["HOME"] = str(tmp_path / "home")
    data = tmp_path / "aocd-data"
    if place == "home":
        data = tmp_path / "home" / ".config" / "aocd"
        home = AocdHome(data=data, config=data)
    elif place == "aocd_dir":
        home = AocdHome(data=data, config=data)
    elif place == "aocd_config_dir":
        home = AocdHome(data=data, config=tmp_path / "aocd-config")
        env["AOCD_CONFIG_DIR"] = str(home.config)
    else:
        home = AocdHome(data=data, config=project / ".aocd_config")
    if place != "home":
        env["AOCD_DIR"] = str(data)
    home.cache_solved_day_7()
    env["PYTHONPATH"] = os.pathsep.join([str(project), str(NETBLOCK)])
    return isolated(env)


CASES = [
    ("project", (True, False)),
    ("home", (True,)),
    ("aocd_config_dir", (True,)),
    ("aocd_dir", (False,)),
]
"""Each place, and the project's folder from inside the project and from outside it (the
working folder's parents, then the source checkout: the same folder either way, and so
the same environment at start-up, so one process tries both: aocd's runner from the first,
ours from each, as aocd reads its config folder once, at import). aocd's own places are
found alike from either (the project's `.aocd_config/`, there but empty, is passed over):
each is run from one, the two shared between them; the environment (after the home's)
from outside."""
THEIRS = ["-y", "2023", "-d", "7", "-s", "-p", "aoc2023"]
OURS = ["run", "2023", "7", "--json"]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the project for every case: a case's processes write in its
    `.aocd_config/` alone (the token's files in the project's case, aocd's memo, the
    contact reminder), which each case starts empty."""
    return copy_project(tmp_path_factory.mktemp("token-places") / "project")


@pytest.mark.parametrize(
    ("place", "insides"),
    CASES,
    ids=[
        "-".join(
            [
                p,
                *("inside" if i else "outside" for i in insides),
                *(["then-environment-outside"] if p == "home" else []),
            ]
        )
        for p, insides in CASES
    ],
)
def test_the_token_is_found_wherever_aocd_keeps_it(
    place: str, insides: tuple[bool, ...], project: Path, tmp_path: Path, aocd_home: AocdHome
) -> None:
    """aocd's runner, then ours, in one process (each reads the token anew, as a fresh
    process does; aocd's runner first, so that aocd is imported as `aoc` starts it); ours
    from each folder."""
    shutil.rmtree(project / ".aocd_config", ignore_errors=True)
    (project / ".aocd_config").mkdir()  # the project's folder, empty or not
    env = placed(place, tmp_path, project)
    folders = [project if inside else tmp_path / "outside" for inside in insides]
    (tmp_path / "outside").mkdir()

    commands, cwds = [THEIRS, *[OURS] * len(folders)], [folders[0], *folders]
    settings: list[dict[str, str]] = [{}] * len(commands)
    writes: list[dict[Path, str | None]] = [{}] * len(commands)
    cases = [folders]
    if place == "home":  # then the environment alone: no file holds the token; then none
        config = tmp_path / "home" / ".config" / "aocd"
        environment = {"AOC_SESSION": TOKEN}
        commands += [THEIRS, OURS, ["run", "2023", "7"]]
        cwds += [tmp_path / "outside"] * 2 + [project]
        settings += [environment, environment, {}]
        writes += [{config / "token": None, config / "tokens.json": None}, {}, {}]
        cases.append([tmp_path / "outside"])
    ran = site_cli.aoc(
        None,
        aocd_home,
        *commands,
        env=env,
        cwd=folders[0],
        cwds=cwds,
        settings=settings,
        writes=writes,
    )
    if place == "home":
        *ran, unset = ran
        assert unset.returncode == 0, unset.stderr
        assert (
            "No Advent of Code session token is set (looked in $AOC_SESSION, "
            f"{project / '.aocd_config' / 'token'} and {config / 'token'})"
        ) in unset.stderr
    for case in cases:
        theirs, *ours_from = ran[: 1 + len(case)]
        ran = ran[1 + len(case) :]
        assert theirs.returncode == 0, theirs.stdout + theirs.stderr
        assert "part a: 6440" in theirs.stdout and "Missing session ID" not in theirs.stderr
        for where, ours in zip(case, ours_from, strict=True):
            assert ours.returncode == 0, (where, ours.stderr)
            assert "session token is set" not in ours.stderr
            [result] = json.loads(ours.stdout)["results"]
            assert result["source"] == "input"
            assert [part["status"] for part in result["parts"]] == ["correct", "correct"]


def test_a_damaged_token_list_is_one_sentence_for_aocds_runner(aocd_loaded: AocdHome) -> None:
    aocd_loaded.cache_solved_day_7()
    (aocd_loaded.config / "tokens.json").write_text("{broken")
    done = aoc_in_process("-y", "2023", "-d", "7")
    assert done.returncode == 2
    assert "aocd's token list" in done.stderr and "Traceback" not in done.stderr


site = test_output.site
"""test_output.py's fixture (bound, not imported, so that a test may name it)."""


def test_aocds_token_file_is_made_readable_by_its_owner_alone(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """By our runner, and by aocd's, which ends in SystemExit (a block left early)."""
    memo = aocd_loaded.config / "token2id.json"
    for args in (["run", "2023", "7", "--no-submit"], ["-y", "2023", "-d", "7"]):
        memo.chmod(0o644)
        done = aoc(MARK, *args)
        assert done.returncode == 0, done.stderr
        assert memo.stat().st_mode & 0o777 == 0o600, args
