"""aocd's token list, `tokens.json` in its config folder: named tokens, one per account.

aocd's runner reads it itself (`aocd.models._load_users`); `aoc run --accounts` runs
and sends for the accounts it names. Every sentence about it names accounts, never
tokens.
"""

from __future__ import annotations

from pathlib import Path

from aoc2023.framework.aocd.paths import config_dir
from aoc2023.framework.aocd.session import clean_token, find_token, token_file
from aoc2023.framework.errors import DamagedFileError, NoInputError, UsageError
from aoc2023.framework.files import read_string_map


def tokens_file() -> Path:
    return config_dir() / "tokens.json"


_TOKENS_FIX = 'fix it (a map of names to tokens, {"default": "..."}) or remove it'


def check_tokens_file() -> None:
    """aocd's runner reads `tokens.json` (named tokens) itself, and fails on a damaged one
    with a traceback: say it in one sentence first."""
    read_string_map(tokens_file(), "aocd's token list",
                    "a map of names to tokens", _TOKENS_FIX)


def account_tokens(spec: str) -> dict[str, str]:
    """The accounts `aoc run --accounts` names (`all`, or names joined by commas, or one
    name that holds a comma), each
    with its cleaned token, in the order of aocd's `tokens.json` (as aocd's runner reads
    it, `aocd.models._load_users`). A missing, empty or damaged file, an empty token or
    an unknown name is one sentence (a UsageError or DamagedFileError); the sentences
    name accounts, never tokens."""
    path = tokens_file()
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
    path = tokens_file()
    try:
        if token is not None and token != find_token():
            found = read_string_map(path, "aocd's token list", "a map", _TOKENS_FIX) or {}
            for name, raw in found.items():
                if clean_token(raw) == token:
                    return f"{path} as {name!r}"
    except (DamagedFileError, NoInputError):  # a damaged file is said where it is read
        pass
    return f"$AOC_SESSION or {token_file()}"
