"""Where aocd keeps its token and its cache, worked out without importing aocd.

These functions follow aocd's own rules (`aocd.models`): the data folder is
`$AOCD_DIR` or `~/.config/aocd`; the config folder (token, `tokens.json`,
`token2id.json`) is `$AOCD_CONFIG_DIR` or the data folder; the token is
`$AOC_SESSION` or the first word of `<config>/token`. The tests hold these equal
to aocd's, so the two cannot drift apart.

One puzzle's cached files (`PuzzleCache`) follow `aocd.models.Puzzle` the same way:
reading a cached input costs a file read, where importing aocd costs about a quarter
of a second.

This project may keep the token in a config folder of its own, `.aocd_config/` at
its root. `aoc` exports it as `AOCD_CONFIG_DIR` only when it holds a token (`token`
or `tokens.json`) and the variable is not set already; otherwise aocd's own places
are used, so a token kept where aocd keeps it (`~/.config/aocd/token`) just works.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from aoc2023.framework.errors import DamagedFileError, NoInputError, UsageError
from aoc2023.framework.files import read_regular_text, why_unreadable
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.project import PROJECT_CONFIG_DIR_NAME, find_upwards

_TITLE = re.compile(r"<h2>--- Day (\d+): (.*?) ---</h2>")


_TOKEN_FILES = ("token", "tokens.json")
TOKEN_FILE_LIMIT = 4096
"""The most read of the token file: a token is 96-128 characters (a longer one would
also make every line printed slow to redact)."""


def _holds_token(folder: Path) -> bool:
    return any((folder / name).is_file() for name in _TOKEN_FILES)


def find_project_config_dir(start: Path | None = None) -> Path | None:
    """The nearest `.aocd_config/` from `start` (the working folder) upwards, else the
    one beside this package's source checkout, that holds a token."""
    found = find_upwards(lambda folder: _holds_token(folder / PROJECT_CONFIG_DIR_NAME), start)
    return found / PROJECT_CONFIG_DIR_NAME if found else None


def use_project_config_dir() -> Path | None:
    """Export the project's config folder as `AOCD_CONFIG_DIR` when it holds a token,
    unless the variable is already set.

    Must run before aocd is imported: aocd reads the variable once, at import.
    """
    if "AOCD_CONFIG_DIR" in os.environ:
        return None
    found = find_project_config_dir()
    if found is not None:
        os.environ["AOCD_CONFIG_DIR"] = str(found)
    return found


def token_places(start: Path | None = None,
                 environ: Mapping[str, str] | None = None) -> list[str]:
    """Where the token is looked for, in the order it is looked for, as a person would
    name them: `$AOC_SESSION`; then the config folder's `token`, which is
    `$AOCD_CONFIG_DIR` when set, else the project's `.aocd_config/` (when the project has
    one; `aoc` takes it when it holds a token), else aocd's own data folder."""
    environ = os.environ if environ is None else environ
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
    """The start of every message about a missing token: it names where we looked."""
    return f"No Advent of Code session token is set (looked in {listed(token_places())})"


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    environ = os.environ if environ is None else environ
    return Path(environ.get("AOCD_DIR", Path("~", ".config", "aocd"))).expanduser()


def config_dir() -> Path:
    return Path(os.environ.get("AOCD_CONFIG_DIR", data_dir())).expanduser()


def token_file() -> Path:
    return config_dir() / "token"


TOKEN_MAX_LENGTH = 1024
"""The longest token taken: a session token is 96-128 characters, and each line printed
is searched for every piece of the token (redaction.py), which a megabyte-long value
makes take seconds."""


def clean_token(raw: str, home: str | None = None) -> str | None:
    """The token as a person pastes it, cleaned: surrounding whitespace (a CRLF `.env`
    file), quotes, and a `session=` prefix copied with the cookie. None when empty;
    NoInputError, one sentence naming `home` (where it is kept: by default $AOC_SESSION
    or the token file), when longer than TOKEN_MAX_LENGTH."""
    text = raw.strip().strip("\"'").strip()
    if text.lower().startswith("session="):
        text = text[len("session="):].strip().strip("\"'").strip()
    if len(text) > TOKEN_MAX_LENGTH:
        raise NoInputError(
            f"The session token is {len(text):,} characters long, and a session token is "
            f"about 128: put the session cookie's value alone in "
            f"{home or f'$AOC_SESSION or {token_file()}'}.")
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
        taken = []
        first = self.raw.strip()
        if first != self.raw:
            taken.append("surrounding whitespace")
        unquoted = first.strip("\"'").strip()
        if unquoted != first:
            taken.append("quotes")
        if unquoted.lower().startswith("session="):
            taken.append("a session= prefix")
        return tuple(taken)


def token_source() -> TokenSource | None:
    """The token `find_token` returns, with where it came from and how it was pasted."""
    raw = os.environ.get("AOC_SESSION", "")
    token = clean_token(raw)
    if token and _exported_from_file is not None and raw == _exported_from_file.token:
        return _exported_from_file
    if token:
        pasted = _environment_as_pasted
        shown = pasted if pasted is not None and clean_token(pasted) == token else raw
        return TokenSource("$AOC_SESSION", shown, token)
    path = token_file()
    try:
        text = read_regular_text(path, TOKEN_FILE_LIMIT, errors="replace")
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return None
    except OSError as error:
        raise DamagedFileError(
            f"The token file {path} {why_unreadable(error)}: put the session token alone "
            f"in it ({aoc_command('token')} says how), or set AOC_SESSION.") from error
    words = text.split()
    token = clean_token(words[0]) if words else None
    if not token:
        return None
    return TokenSource(str(path), words[0], token)  # aocd reads the file's first word


_environment_as_pasted: str | None = None
"""`AOC_SESSION` as it was before `clean_environment_token` cleaned it (for `aoc token`)."""


_exported_from_file: TokenSource | None = None
"""The token file's token, when `clean_environment_token` exported it cleaned."""


def clean_environment_token() -> None:
    """Put the cleaned token back into `AOC_SESSION`, for aocd, which reads it as it is
    (its runner, through `aoc -y ...`, and our plugin's `Puzzle`s). A token file that
    needed cleaning (a `session=` prefix, quotes) is exported cleaned the same way, as
    aocd would read the file's first word as it is."""
    global _environment_as_pasted, _exported_from_file
    raw = os.environ.get("AOC_SESSION")
    if raw is not None:
        _environment_as_pasted = raw
        token = clean_token(raw)
        if token is None:
            del os.environ["AOC_SESSION"]
        else:
            os.environ["AOC_SESSION"] = token
            return
    source = token_source()
    if source is not None and source.raw != source.token:
        _exported_from_file = source
        os.environ["AOC_SESSION"] = source.token


@contextmanager
def token_read_anew() -> Iterator[None]:
    """Within, the token and aocd's memo of token owners are read anew, as a fresh process
    reads them; after, what this process held before is put back. For `main` called from
    code, which runs any number of times in one process, each in its own environment."""
    global _environment_as_pasted, _exported_from_file
    from aoc2023.framework.aocd import private

    held = _environment_as_pasted, _exported_from_file, private.token_owners_in_memory()
    _environment_as_pasted = _exported_from_file = None
    private.forget_token_owners()
    try:
        yield
    finally:
        _environment_as_pasted, _exported_from_file, token2id = held
        private.forget_token_owners(token2id)


def protect_token_files() -> None:
    """Make aocd's `token2id.json`, which holds tokens, readable by its owner alone: aocd
    writes it with the default mode (often world-readable)."""
    path = config_dir() / "token2id.json"
    try:
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)
    except OSError:  # not there yet, or not ours to change: nothing to protect here
        pass


def read_cached_text(path: Path, what: str, fix: str) -> str | None:
    """A file of aocd's (or ours) as text; None when it does not exist. A file that is
    there but cannot be read (a folder, a FIFO, a device, too large, no permission, not
    UTF-8) is one sentence naming it, what is wrong, and `fix`: never an exception that
    reaches the user as such, and never a hang (`files.read_regular`)."""
    try:
        return read_regular_text(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise DamagedFileError(f"{what} {path} {why_unreadable(error)}: {fix}.") from error


def read_string_map(path: Path, what: str, shape: str, fix: str) -> dict[str, str] | None:
    """A JSON object of strings (aocd's token memo and token list, our wait file); None
    when there is no such file. A damaged one is one sentence: `what`, `path`, what is
    wrong (not JSON, or not `shape`) and `fix`."""
    text = read_cached_text(path, what, fix)
    if text is None:
        return None
    try:
        data = json.loads(text)
    except ValueError as error:
        raise DamagedFileError(f"{what} {path} is not JSON: {fix}.") from error
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise DamagedFileError(f"{what} {path} is not {shape}: {fix}.")
    return data


def cached_user_id(token: str) -> str | None:
    """The user id aocd has memoised for `token` (in `token2id.json`), if any.

    aocd keys its whole cache by this id; finding it otherwise costs a request. A
    damaged memo is said, not passed over: aocd would fail on it next.
    """
    memo = read_string_map(config_dir() / "token2id.json", "aocd's token memo",
                           "a map of tokens to user ids", "remove it, and aocd makes it again")
    return (memo or {}).get(token)


_TOKENS_FIX = 'fix it (a map of names to tokens, {"default": "..."}) or remove it'


def check_tokens_file() -> None:
    """aocd's runner reads `tokens.json` (named tokens) itself, and fails on a damaged one
    with a traceback: say it in one sentence first."""
    read_string_map(config_dir() / "tokens.json", "aocd's token list",
                    "a map of names to tokens", _TOKENS_FIX)


def account_tokens(spec: str) -> dict[str, str]:
    """The accounts `aoc run --accounts` names (`all`, or names joined by commas, or one
    name that holds a comma), each
    with its cleaned token, in the order of aocd's `tokens.json` (as aocd's runner reads
    it, `aocd.models._load_users`). A missing, empty or damaged file, an empty token or
    an unknown name is one sentence (a UsageError or DamagedFileError); the sentences
    name accounts, never tokens."""
    path = config_dir() / "tokens.json"
    fix = 'put your accounts\' tokens in it by name, {"mine": "...", "work": "..."}'
    found = read_string_map(path, "aocd's token list", "a map of names to tokens", _TOKENS_FIX)
    if found is None:
        raise UsageError(f"--accounts reads aocd's token list {path}, which does not exist: "
                         f"{fix}.")
    if not found:
        raise UsageError(f"aocd's token list {path} names no account: {fix}.")
    if any(not name.strip() for name in found):  # `--accounts all` would ask for it
        raise DamagedFileError(f"aocd's token list {path} has an account with no name: "
                               f"{_TOKENS_FIX}.")
    tokens = {name: clean_token(raw, f"{path} as {name!r}") for name, raw in found.items()}
    if empty := [name for name, token in tokens.items() if token is None]:
        raise DamagedFileError(f"aocd's token list {path} has no token for "
                               f"{', '.join(map(repr, empty))}: {_TOKENS_FIX}.")
    asked = [spec] if spec in tokens else [name.strip() for name in spec.split(",")]
    if spec.strip().lower() == "all":
        asked = list(tokens)
    unknown = [name for name in asked if name not in tokens]
    if unknown or not all(asked):
        named = ", ".join(map(repr, unknown)) if unknown else "an empty name"
        raise UsageError(f"--accounts names {named}, which is not in {path}: give all, or "
                         f"names from it, joined by commas ({', '.join(tokens)}).")
    return {name: token for name in dict.fromkeys(asked) if (token := tokens[name])}


def token_home(token: str | None) -> str:
    """Where `token` is kept, for a sentence saying to put a fresh one there: the entry of
    aocd's token list that holds it (an `--accounts` account's), else $AOC_SESSION or
    the token file (the run's own token, or one not known)."""
    path = config_dir() / "tokens.json"
    try:
        if token is not None and token != find_token():
            found = read_string_map(path, "aocd's token list", "a map", _TOKENS_FIX) or {}
            for name, raw in found.items():
                if clean_token(raw) == token:
                    return f"{path} as {name!r}"
    except (DamagedFileError, NoInputError):  # a damaged file is said where it is read
        pass
    return f"$AOC_SESSION or {token_file()}"


def listing_cache_file() -> Path:
    """Ours, in aocd's data folder: what each day's module declares, for aoc list
    (`listing_cache`); kept out of every project's git, and shared by its checkouts."""
    return data_dir() / "aoc-listing-cache.json"


LOCKS_DIR_NAME = ".aoc-locks"


def lock_file(folder: Path, name: str) -> Path:
    """The lock file `name` of the files `aoc` keeps in `folder` (aocd's data or config
    folder), in a folder of ours there, `.aoc-locks/`, made if need be.

    Lock files are left behind after use: removing one while another process waits on
    it would let a third lock a new file of the same name, and two would hold "the"
    lock. So they are kept together, out of the way of the user's files; the folder
    is the one whose files they guard, so every process sharing those files shares
    the locks."""
    locks = folder / LOCKS_DIR_NAME
    locks.mkdir(parents=True, exist_ok=True)
    return locks / f"{name}.lock"


class PuzzleCache(NamedTuple):
    year: int
    day: int
    user_dir: Path

    @classmethod
    def for_token(cls, token: str, year: int, day: int) -> PuzzleCache | None:
        """None when aocd has not yet learnt which user the token belongs to: in its memo,
        or, when that file could not be written (a read-only folder), in this process."""
        user_id = cached_user_id(token)
        if user_id is None:  # aocd may have learnt it in memory
            from aoc2023.framework.aocd import private

            owner = (private.token_owners_in_memory() or {}).get(token)
            user_id = None if owner is None else str(owner)
        if user_id is None:
            return None
        return cls(year, day, data_dir() / user_id)

    @property
    def _stem(self) -> str:
        return f"{self.year}_{self.day:02d}"

    @property
    def input_path(self) -> Path:
        return self.user_dir / f"{self._stem}_input.txt"

    def answer_path(self, part: int) -> Path:
        return self.user_dir / f"{self._stem}{'ab'[part - 1]}_answer.txt"

    @property
    def part_two_example_path(self) -> Path:
        """Ours, beside aocd's: what `aoc run` last offered as part 2's example (part_two.py),
        so that later runs repeat it without importing aocd or reading the page."""
        return self.user_dir / f"{self._stem}_aoc_part2_example.txt"

    @property
    def submissions_path(self) -> Path:
        return self.user_dir / f"{self._stem}_post.json"

    def read_input(self) -> str | None:
        """The cached input; one sentence naming the file to delete when it is an HTML
        page (one cached by aocd, or by an older `aoc`, while the site was down)."""
        text = read_cached_text(self.input_path, "aocd's cached input",
                                "remove it, and the next run fetches it again")
        if text is not None and looks_like_html(text):
            raise DamagedFileError(
                f"aocd's cached input {self.input_path} is a web page, not a puzzle input "
                "(the site was down when it was fetched?): delete it, and the next run "
                "fetches it again.")
        return None if text is None else text.rstrip("\r\n")

    def known_answer(self, part: int) -> str | None:
        """The answer the site confirmed as correct, as aocd cached it."""
        text = read_cached_text(self.answer_path(part), "aocd's cached answer",
                                "remove it, and the next run reads the puzzle page again")
        answer = None if text is None else text.strip()
        return answer or None


def looks_like_html(text: str) -> bool:
    """Whether a puzzle input is in fact a web page (a maintenance page served with
    status 200): no puzzle input starts as an HTML document does."""
    return text.lstrip()[:15].lower().startswith(("<!doctype html", "<html"))


def cached_title(year: int, day: int, user_dir: Path | None = None) -> str | None:
    """The puzzle's title from any puzzle page aocd has cached; never a request."""
    stem = f"{year}_{day:02d}"
    pages = [data_dir() / "prose" / f"{stem}_prose.0.html"]
    if user_dir is not None:
        pages[:0] = [user_dir / f"{stem}_prose.2.html", user_dir / f"{stem}_prose.1.html"]
    for page in pages:
        try:
            text = page.read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        match = _TITLE.search(text)
        if match and int(match[1]) == day:
            return match[2]
    return None


# --- the site's last word on a token (aoc token) ------------------------------------------

VERDICT_KEPT = 15 * 60
"""Seconds a site's "this token works" is trusted without asking again."""


def _verdict_path() -> Path:
    return config_dir() / "aoc-token-checks.json"


def _token_key(token: str) -> str:
    """A token's name in the verdict file: a hash, so that the file holds no token."""
    import hashlib

    return hashlib.sha256(token.encode()).hexdigest()[:32]


def _read_verdicts() -> dict[str, str]:
    return read_string_map(_verdict_path(), "aoc's token check memo",
                           "a map of token hashes to times", "remove it") or {}


def token_accepted_at(token: str) -> float | None:
    """When the site last took this token, if that was less than VERDICT_KEPT ago."""
    import time

    try:
        when = float(_read_verdicts()[_token_key(token)])
    except (KeyError, ValueError):
        return None
    return when if 0 <= time.time() - when < VERDICT_KEPT else None


def remember_token_accepted(token: str, when: float) -> None:
    from aoc2023.framework.files import write_atomically

    verdicts = _read_verdicts()
    verdicts[_token_key(token)] = repr(when)
    write_atomically(_verdict_path(), json.dumps(verdicts, indent=2))


def forget_token_verdict() -> None:
    """The site just refused a token: no earlier "it works" may be shown for any."""
    _verdict_path().unlink(missing_ok=True)
