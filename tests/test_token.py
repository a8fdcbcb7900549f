"""`aoc token` against the fake site: where the token is, whose, whether the site takes it,
and the fix when it does not; never the token itself."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import TOKEN, USER_ID, AocdHome
from fake_aoc import FakeAoC
from site_cli import aoc_in_process as aoc


def settings_requests(site: FakeAoC) -> int:
    return len(site.requests_for("/settings"))


def test_unknown_token_is_resolved_memoised_and_checked_in_one_request(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token(user_id=None)
    fake_aoc.add_user(TOKEN, 7654321, "someone")
    done = aoc("token", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"…{TOKEN[-4:]}, from {aocd_loaded.config / 'token'}" in done.stdout
    assert "github.someone.7654321 (from the site, now in aocd's memo)" in done.stdout
    assert "✔ accepted (just now; 1 request)" in done.stdout
    assert settings_requests(fake_aoc) == 1
    memo = json.loads((aocd_loaded.config / "token2id.json").read_text())
    assert memo == {TOKEN: "github.someone.7654321"}
    assert TOKEN[:8] not in done.stdout + done.stderr

    # Known now, and taken less than 15 minutes ago: no request at all.
    again = aoc("token", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "(aocd's memo, token2id.json)" in again.stdout
    assert "0 requests" in again.stdout
    assert settings_requests(fake_aoc) == 1

    # --recheck asks again, once.
    forced = aoc("token", "--recheck", cwd=tmp_path)
    assert "✔ accepted (just now; 1 request)" in forced.stdout
    assert settings_requests(fake_aoc) == 2


def test_known_token_is_checked_with_one_request(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    done = aoc("token", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"Owner:  {USER_ID} (aocd's memo, token2id.json)" in done.stdout
    assert "1 request)" in done.stdout
    assert settings_requests(fake_aoc) == 1


def test_expired_token_says_the_fix_and_exits_2(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token()  # aocd knows whose it was; the site no longer takes it
    done = aoc("token", cwd=tmp_path)
    assert done.returncode == 2
    assert "✘ refused (1 request)" in done.stdout
    assert done.stderr.startswith("Error: adventofcode.com refused the token (it is expired")
    assert str(aocd_loaded.config / "token") in done.stderr
    assert "Traceback" not in done.stderr


def test_a_refusal_elsewhere_forgets_that_it_was_accepted(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """A token taken minutes ago and refused since (by a fetch) is asked again."""
    import pytest

    from aoc2023.framework.aocd.client import fetch_input
    from aoc2023.framework.errors import NoInputError

    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    assert aoc("token", cwd=tmp_path).returncode == 0
    del fake_aoc.users[TOKEN]
    fake_aoc.add_puzzle(2023, 3, "Logged out")  # no input for this token: HTTP 400
    with pytest.raises(NoInputError, match="refused the session token"):
        fetch_input(2023, 3, TOKEN)
    done = aoc("token", cwd=tmp_path)
    assert "✘ refused" in done.stdout, done.stdout + done.stderr
    assert done.returncode == 2


def test_session_prefix_from_the_environment_is_taken_off_and_said(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    fake_aoc.add_user(TOKEN)
    env = dict(os.environ) | {"AOC_SESSION": f' "session={TOKEN}"\r\n'}
    done = aoc("token", cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert "from $AOC_SESSION" in done.stdout
    assert "pasted with surrounding whitespace and quotes and a session= prefix" in done.stdout
    assert [r.token for r in fake_aoc.requests] == [TOKEN]


def test_session_prefix_in_the_token_file_works(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    fake_aoc.add_user(TOKEN)
    (aocd_loaded.config / "token").write_text(f"session={TOKEN}\n")
    done = aoc("token", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "pasted with a session= prefix" in done.stdout
    assert [r.token for r in fake_aoc.requests] == [TOKEN]


def test_a_break_inside_the_token_is_the_fix_without_a_request(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    env = dict(os.environ) | {"AOC_SESSION": TOKEN[:40] + " " + TOKEN[40:]}
    done = aoc("token", cwd=tmp_path, env=env)
    assert done.returncode == 2
    assert "Error: The token has a space, a line break" in done.stderr
    assert "Site:   ? not asked: the token cannot be sent as it is" in done.stdout
    assert fake_aoc.requests == []


def test_a_token_file_with_a_byte_that_is_no_text_is_the_fix_without_a_request(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """Read with the byte replaced by U+FFFD, which no HTTP header can carry: it was an
    "unexpected UnicodeEncodeError" as the request was made."""
    (aocd_loaded.config / "token").write_bytes(TOKEN.encode() + b"\xff\n")
    for command in (["token"], ["run", "2023", "7"]):
        done = aoc(*command, cwd=tmp_path)
        assert done.returncode == 2, done.stderr
        assert "another character no cookie holds" in done.stderr, done.stderr
        assert "unexpected" not in done.stderr
    assert fake_aoc.requests == []


def test_no_token_is_one_sentence_and_exit_2(aocd_home: AocdHome, tmp_path: Path) -> None:
    done = aoc("token", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("Error: No Advent of Code session token is set (looked in")
    assert done.stderr.count("\n") == 1


def test_no_network_is_one_sentence_and_exit_2(aocd_home: AocdHome, tmp_path: Path) -> None:
    aocd_home.set_token()
    done = aoc("token", cwd=tmp_path)
    assert done.returncode == 2
    assert "Owner:  github.tester.1234567 (aocd's memo" in done.stdout
    assert "? could not be asked (1 request)" in done.stdout
    assert (
        "Error: Could not reach adventofcode.com to check the session token (no network?)"
        in done.stderr
    )
    assert "Traceback" not in done.stderr


def test_a_prefixed_token_file_works_for_aocds_runner_too(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """aocd reads the token file's first word as it is; `aoc` hands aocd the cleaned token
    (as $AOC_SESSION), so its runner, started through `aoc -y`, sends the right cookie.
    Its requests are aocd's own, and name the contact too (test_client.py: ours)."""
    from conftest import CONTACT, DAY_7_EXAMPLE
    from test_client import AGENT

    aocd_loaded.set_token()
    (aocd_loaded.config / "token").write_text(f"session={TOKEN}\n")
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: DAY_7_EXAMPLE})
    done = aoc("-y", "2023", "-d", "7", "-s", "-p", "aoc2023", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "6440" in done.stdout, done.stdout + done.stderr
    assert len(fake_aoc.requests_for("/2023/day/7/input")) == 1
    for request in fake_aoc.requests:
        assert request.token == TOKEN, request
        match = AGENT.fullmatch(request.user_agent or "")
        assert match and match[1] == CONTACT, request


def test_an_unknown_dead_token_does_not_say_the_site_was_not_asked(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """The one request that found the token dead was the question of whose it is."""
    aocd_loaded.set_token(user_id=None)
    done = aoc("token", cwd=tmp_path)
    assert done.returncode == 2
    assert settings_requests(fake_aoc) == 1
    assert "Owner:  unknown (the site refused the token)" in done.stdout, done.stdout
    assert "✘ refused (1 request)" in done.stdout


def test_an_unknown_token_with_no_network_says_the_site_could_not_be_asked(
    aocd_home: AocdHome, tmp_path: Path
) -> None:
    aocd_home.set_token(user_id=None)
    done = aoc("token", cwd=tmp_path)
    assert done.returncode == 2
    assert "Owner:  unknown (the site could not be asked)" in done.stdout, done.stdout
    assert "Traceback" not in done.stderr


def test_the_report_fits_a_narrow_terminal(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """Its lines wrap at words within COLUMNS, under their label (issue 12)."""
    fake_aoc.add_user(TOKEN)
    env = dict(os.environ) | {"AOC_SESSION": f' "session={TOKEN}"\r\n', "COLUMNS": "60"}
    done = aoc("token", cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) <= 60, done.stdout
    assert all(
        line.startswith(("Token:  ", "Owner:  ", "Site:   ", "Sent:   ", "        "))
        for line in lines
    ), done.stdout
    assert "whitespace and quotes and a session= prefix" in " ".join(line.strip() for line in lines)


def test_a_token_far_too_long_is_one_sentence_and_nothing_is_asked(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """A 100,000-character AOC_SESSION (it made every line printed slow to redact): one
    sentence, no request; a command that needs no token runs as ever."""
    env = dict(os.environ, AOC_SESSION="a" * 100_000)
    done = aoc("token", cwd=tmp_path, env=env)
    assert done.returncode == 2
    assert done.stderr.startswith(
        "Error: The session token is 100,000 characters long, and "
        "a session token is about 128: put the session cookie's"
    )
    assert fake_aoc.requests == []
    assert aoc("--version", env=env).returncode == 0


@pytest.mark.parametrize("token", ["e", "aoc"])
def test_a_token_of_a_few_characters_garbles_no_line(aocd_loaded: AocdHome, token: str) -> None:
    """Redacted wherever its characters stood, `e` made every line printed unreadable."""
    version = aoc("--version", env=dict(os.environ, AOC_SESSION=token))
    assert version.returncode == 0 and "aoc (aoc2023)" in version.stdout, version.stdout
    assert "<token>" not in version.stdout + version.stderr


def test_aocds_runner_with_a_dead_token_is_one_sentence(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """aocd's runner, started through `aoc -y`, raises aocd's own error when the site
    refuses the token while it fetches: one sentence and exit 2, not aocd's traceback."""
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={})
    done = aoc("-y", "2023", "-d", "7", "-p", "aoc2023", cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and TOKEN not in done.stderr + done.stdout
    assert "Error: adventofcode.com refused the session token" in done.stderr, done.stderr


def test_aocds_runner_takes_the_token_file_as_aoc_reads_it(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """A token file saved with a byte-order mark was sent by aocd's runner with the mark
    (a traceback: no header holds it), and one with a byte no cookie holds ended in
    aocd's UnicodeDecodeError. aoc gives aocd's runner the token it read: the first is
    sent as the token, the second is one sentence, and nothing is asked."""
    token_file = aocd_loaded.config / "token"
    fake_aoc.add_user(TOKEN)
    for raw, sent in [(b"\xef\xbb\xbf" + TOKEN.encode(), [TOKEN]), (b"\xff" + TOKEN.encode(), [])]:
        fake_aoc.requests.clear()
        token_file.write_bytes(raw + b"\n")
        done = aoc("-y", "2023", "-d", "7", "-p", "aoc2023", cwd=tmp_path)
        assert "Traceback" not in done.stderr, done.stderr
        assert [r.token for r in fake_aoc.requests][:1] == sent, done.stderr
    assert done.returncode == 2
    assert "another character no cookie holds in it" in done.stderr, done.stderr


def test_the_advice_with_no_token_names_one_file_as_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`$AOCD_CONFIG_DIR` names one file; a project's `.aocd_config/` and aocd's data
    folder are two: the advice after "looked in ..." says which it is."""
    from aoc2023.framework.aocd import local

    monkeypatch.setenv("AOCD_CONFIG_DIR", str(tmp_path / "config"))
    assert local.where_to_put_the_token() == (
        "put your session cookie in that file or export AOC_SESSION"
    )
    monkeypatch.delenv("AOCD_CONFIG_DIR")
    monkeypatch.setenv("AOCD_DIR", str(tmp_path / "data"))
    (tmp_path / "project" / ".aocd_config").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "project")
    assert len(local.token_places()) == 3
    assert local.where_to_put_the_token() == (
        "put your session cookie in one of those files or export AOC_SESSION"
    )
