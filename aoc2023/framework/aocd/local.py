"""The secrets kept on this machine: the session token (where, cleaned, the site's last
word on it), aocd's token list, the boards' keys. Apart from paths.py, which store.py
builds on."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import NamedTuple

from aoc2023.framework import store
from aoc2023.framework.aocd.paths import config_dir, data_dir, token_memo_file
from aoc2023.framework.errors import AocError, DamagedFileError, NoInputError, UsageError
from aoc2023.framework.files import read_regular_text, read_string_map, why_unreadable
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.output import ViewKey
from aoc2023.framework.project import PROJECT_CONFIG_DIR_NAME, find_upwards

_TOKEN_FILES = ("token", "tokens.json")
TOKEN_FILE_LIMIT = 4096
"""The most read of the token file (a token is 96-128 characters)."""


def find_project_config_dir(start: Path | None = None) -> Path | None:
    """The nearest `.aocd_config/` holding a token, upwards, else the checkout's."""

    def holds_a_token(folder: Path) -> bool:
        return any((folder / PROJECT_CONFIG_DIR_NAME / name).is_file() for name in _TOKEN_FILES)

    found = find_upwards(holds_a_token, start)
    return found / PROJECT_CONFIG_DIR_NAME if found else None


def use_project_config_dir() -> Path | None:
    """Export the project's token folder as an unset `AOCD_CONFIG_DIR`, before aocd's import."""
    if "AOCD_CONFIG_DIR" in os.environ:
        return None
    if (found := find_project_config_dir()) is not None:
        os.environ["AOCD_CONFIG_DIR"] = str(found)
    return found


def token_places(start: Path | None = None, environ: Mapping[str, str] = os.environ) -> list[str]:
    """Where the token is looked for, in order: `$AOC_SESSION`, then the `token` of
    `$AOCD_CONFIG_DIR`, else of the project's `.aocd_config/` and aocd's data folder."""
    places = ["$AOC_SESSION"]
    if "AOCD_CONFIG_DIR" in environ:
        return [*places, str(Path(environ["AOCD_CONFIG_DIR"]).expanduser() / "token")]
    project = find_upwards(lambda folder: (folder / PROJECT_CONFIG_DIR_NAME).is_dir(), start)
    if project is not None:
        places.append(str(project / PROJECT_CONFIG_DIR_NAME / "token"))
    aocd_own = str(data_dir(environ) / "token")
    return places if aocd_own in places else [*places, aocd_own]


def listed(places: list[str]) -> str:
    """`A, B and C`."""
    return ", ".join(places[:-1]) + f" and {places[-1]}" if len(places) > 1 else places[0]


def no_token_sentence() -> str:
    """The start of every message about a missing token, naming where we looked."""
    return f"No Advent of Code session token is set (looked in {listed(token_places())})"


def where_to_put_the_token() -> str:
    """The advice after `no_token_sentence`, naming the file as one or as several."""
    files = len(token_places()) - 1  # $AOC_SESSION is no file
    return (
        f"put your session cookie in {'that file' if files == 1 else 'one of those files'}"
        " or export AOC_SESSION"
    )


def token_file() -> Path:
    return config_dir() / "token"


TOKEN_MAX_LENGTH = 1024
"""The longest token taken: each line printed is searched for its pieces (output.py)."""


def clean_token(raw: str, home: str | None = None) -> str | None:
    """The pasted token without whitespace, quotes and a `session=` prefix; None when
    empty. NoInputError naming `home` (where it is kept) past TOKEN_MAX_LENGTH."""
    if (text := raw.strip().strip("\"'").strip()).lower().startswith("session="):
        text = text[len("session=") :].strip().strip("\"'").strip()
    if len(text) > TOKEN_MAX_LENGTH:
        raise NoInputError(
            f"The session token is {len(text):,} characters long, and a session token is "
            f"about 128: put the session cookie's value alone in "
            f"{home or f'$AOC_SESSION or {token_file()}'}."
        )
    return text or None


def find_token() -> str | None:
    """The session token aocd would use, cleaned, or None when there is none."""
    source = token_source()
    return source.token if source else None


class TokenSource(NamedTuple):
    """Where the token was found, as pasted there, and cleaned."""

    place: str
    raw: str
    token: str

    @property
    def cleaned(self) -> tuple[str, ...]:
        """What cleaning took off the pasted value, as a person would name it."""
        first = self.raw.strip()
        unquoted = first.strip("\"'").strip()
        steps = (
            (first != self.raw, "surrounding whitespace"),
            (unquoted != first, "quotes"),
            (unquoted.lower().startswith("session="), "a session= prefix"),
        )
        return tuple(name for taken, name in steps if taken)


def token_source(
    environ: Mapping[str, str] = os.environ, config: Path | None = None
) -> TokenSource | None:
    """The token `find_token` returns, with where it came from and as pasted (from `environ`
    and the config folder `config` if given); DamagedFileError for an unreadable file."""
    if token := clean_token(raw := environ.get("AOC_SESSION", "")):
        if _cleaned is not None and raw == _cleaned.token:
            return _cleaned
        return TokenSource("$AOC_SESSION", raw, token)
    path = (config_dir() if config is None else config) / "token"
    try:
        text = read_regular_text(path, TOKEN_FILE_LIMIT, errors="replace")
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return None
    except OSError as error:
        raise DamagedFileError(
            f"The token file {path} {why_unreadable(error)}: put the session token alone "
            f"in it ({aoc_command('token')} says how), or set AOC_SESSION."
        ) from error
    word = (text.split() or [""])[0]  # its first word, as aocd reads it
    token = clean_token(word)
    return TokenSource(str(path), word, token) if token else None


def config_and_token(environ: Mapping[str, str], start: Path) -> tuple[Path, str | None]:
    """The config folder `aoc` uses with `environ` in `start` (`use_project_config_dir`),
    and the cleaned token aocd would use with both (None if unreadable)."""
    project = None if "AOCD_CONFIG_DIR" in environ else find_project_config_dir(start)
    config = project or config_dir(environ)  # else the data folder, as aocd's
    source = None
    with suppress(DamagedFileError):
        source = token_source(environ, config)
    return config, source.token if source else None


_cleaned: TokenSource | None = None
"""Where the token `clean_environment_token` exported was found, as pasted (`aoc token`)."""


def clean_environment_token() -> None:
    """The cleaned token in `AOC_SESSION` for aocd, which then reads no token file of its
    own: it would take a byte-order mark or a non-UTF-8 byte in it as part of the token."""
    global _cleaned
    if clean_token(os.environ.get("AOC_SESSION", "")) is None:  # set to nothing: as unset
        os.environ.pop("AOC_SESSION", None)
    if (source := token_source()) is not None:
        _cleaned = source
        os.environ["AOC_SESSION"] = source.token


@contextmanager
def token_read_anew() -> Iterator[None]:
    """The token and aocd's owner memo read anew within, then put back (`main` from code)."""
    global _cleaned
    from aoc2023.framework.aocd import private

    held = _cleaned, private.token_owners_in_memory()
    _cleaned = None
    private.forget_token_owners()
    try:
        yield
    finally:
        _cleaned, token2id = held
        private.forget_token_owners(token2id)


def protect_token_files() -> None:
    """Make aocd's `token2id.json`, which holds tokens, readable by its owner alone."""
    path = token_memo_file()
    with suppress(OSError):  # not there yet, or not ours to change: nothing to protect here
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)


VERDICT_KEPT = 15 * 60
"""Seconds a site's "this token works" is trusted without asking again."""


def _token_key(token: str) -> str:
    """A token's hash, so that the verdict file holds no token."""
    import hashlib

    return hashlib.sha256(token.encode()).hexdigest()[:32]


def _read_verdicts() -> dict[str, str]:
    said = "aoc's token check memo", "a map of token hashes to times", "remove it"
    return read_string_map(store.token_verdicts_file(), *said) or {}


def token_accepted_at(token: str) -> float | None:
    """When the site last took this token, if that was less than VERDICT_KEPT ago."""
    with suppress(KeyError, ValueError):
        when = float(_read_verdicts()[_token_key(token)])
        return when if 0 <= time.time() - when < VERDICT_KEPT else None
    return None


def remember_token_accepted(token: str, when: float) -> None:
    verdicts = {**_read_verdicts(), _token_key(token): repr(when)}
    store.write_json(store.token_verdicts_file(), verdicts, indent=2)


def forget_token_verdict() -> None:
    """The site just refused a token: no earlier "it works" may be shown for any."""
    store.token_verdicts_file().unlink(missing_ok=True)


def tokens_file() -> Path:
    """aocd's token list, one token per account; a sentence about it names no token."""
    return config_dir() / "tokens.json"


_TOKENS_FIX = 'fix it (a map of names to tokens, {"default": "..."}) or remove it'


def check_tokens_file() -> dict[str, str] | None:
    """aocd's token list (None: no file); a damaged one in one sentence, before aocd fails."""
    return read_string_map(
        tokens_file(), "aocd's token list", "a map of names to tokens", _TOKENS_FIX
    )


def account_tokens(spec: str) -> dict[str, str]:
    """The accounts `--accounts` names (`all`, names joined by commas, or one name with a
    comma) with their cleaned tokens, in file order; UsageError or DamagedFileError else."""
    path = tokens_file()
    fix = 'put your accounts\' tokens in it by name, {"mine": "...", "work": "..."}'
    if (found := check_tokens_file()) is None:
        raise UsageError(f"--accounts reads aocd's token list {path}, which does not exist: {fix}.")
    if not found:
        raise UsageError(f"aocd's token list {path} names no account: {fix}.")
    if any(not name.strip() for name in found):  # `--accounts all` would ask for it
        raise DamagedFileError(
            f"aocd's token list {path} has an account with no name: {_TOKENS_FIX}."
        )
    tokens = {name: clean_token(raw, f"{path} as {name!r}") for name, raw in found.items()}
    if empty := [name for name, token in tokens.items() if token is None]:
        raise DamagedFileError(
            f"aocd's token list {path} has no token for "
            f"{', '.join(map(repr, empty))}: {_TOKENS_FIX}."
        )
    asked = [spec] if spec in tokens else [name.strip() for name in spec.split(",")]
    if spec.strip().lower() == "all":
        asked = list(tokens)
    if unknown := [name for name in asked if name not in tokens]:  # "" too: no account is
        raise UsageError(
            f"--accounts names {', '.join(map(repr, unknown))}, which is not in {path}: "
            f"give all, or names from it, joined by commas ({', '.join(tokens)})."
        )
    return {name: token for name in dict.fromkeys(asked) if (token := tokens[name])}


def token_home(token: str | None) -> str:
    """Where to put a fresh `token`: its entry in aocd's token list, else the usual places."""
    with suppress(DamagedFileError, NoInputError):  # a damaged file is said where it is read
        if token is not None and token != find_token():
            for name, raw in (check_tokens_file() or {}).items():
                if clean_token(raw) == token:
                    return f"{tokens_file()} as {name!r}"
    return f"$AOC_SESSION or {token_file()}"


_VIEW_KEY = re.compile(r"[A-Za-z0-9_-]{6,128}")
"""The site's keys are 8 hex digits; a shorter "key" would redact too much output."""

_PASTED_VIEW_KEY = re.compile(r"(?:^|[?&])view_key=([^&#\s]*)")


def clean_view_key(raw: str) -> ViewKey:
    """The key from itself, `view_key=KEY` or the read-only link; UsageError otherwise."""
    if (pasted := _PASTED_VIEW_KEY.search(text := raw.strip().strip("\"'").strip())) is not None:
        text = pasted[1]
    if not _VIEW_KEY.fullmatch(text):
        raise UsageError(
            "--view-key takes a private leaderboard's view key: the letters and digits after "
            "view_key= in the board's read-only link (or the whole link), which this is not."
        )
    return ViewKey(text)


def _read_view_keys() -> dict[str, str]:
    """The kept keys, by board id; DamagedFileError for a damaged file."""
    fix = 'fix it (a map of board ids to keys, {"424242": "..."}) or remove it'
    said = "aoc's view key file", "a map of board ids to view keys", fix
    keys = read_string_map(path := store.view_keys_file(), *said) or {}
    if bad := [board for board, key in keys.items() if key and not _VIEW_KEY.fullmatch(key)]:
        raise DamagedFileError(f"{said[0]} {path} holds no view key for board {bad[0]}: {fix}.")
    return keys


def saved_view_key(board_id: int) -> ViewKey | None:
    """The key kept for the board, if any."""
    key = _read_view_keys().get(str(board_id))
    return ViewKey(key) if key else None


def saved_view_keys() -> tuple[ViewKey, ...]:
    """Every kept key, for redaction; none when the file is missing or damaged."""
    with suppress(AocError):
        return tuple(ViewKey(key) for key in _read_view_keys().values() if key)
    return ()


def save_view_key(board_id: int, key: str) -> Path:
    """Keep `key` for the board (under a lock, owner-only); the file it is in."""
    path = store.view_keys_file()
    try:
        with store.locked(path):
            store.write_json(path, {**_read_view_keys(), str(board_id): str(key)}, indent=2)
    except OSError as error:
        raise DamagedFileError(
            f"Could not write the view key to {path} ({error.strerror or error})."
        ) from error
    return path
