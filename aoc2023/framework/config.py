"""Where aocd keeps its token and its cache, worked out without importing aocd.

These functions follow aocd's own rules (`aocd.models`): the data folder is
`$AOCD_DIR` or `~/.config/aocd`; the config folder (token, `tokens.json`,
`token2id.json`) is `$AOCD_CONFIG_DIR` or the data folder; the token is
`$AOC_SESSION` or the first word of `<config>/token`. The tests hold these equal
to aocd's, so the two cannot drift apart.

This project has a config folder of its own, `.aocd_config/` at its root, which
`aoc` exports as `AOCD_CONFIG_DIR` unless that variable is already set.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

PROJECT_CONFIG_DIR_NAME = ".aocd_config"


SOURCE_CHECKOUT = Path(__file__).resolve().parents[2]
"""The folder this package's source sits in (the project, for a checkout or editable install)."""


def find_upwards(
    is_wanted: Callable[[Path], bool], start: Path | None = None, or_source: bool = True
) -> Path | None:
    """The first folder from `start` (the working folder) upwards that `is_wanted`,
    else (with `or_source`) the source checkout if it is wanted."""
    here = (start or Path.cwd()).resolve()
    for folder in (*(here, *here.parents), *([SOURCE_CHECKOUT] if or_source else [])):
        if is_wanted(folder):
            return folder
    return None


def find_project_config_dir(start: Path | None = None) -> Path | None:
    """The nearest `.aocd_config/` from `start` (the working folder) upwards, else
    the one beside this package's source checkout, if either exists."""
    found = find_upwards(lambda folder: (folder / PROJECT_CONFIG_DIR_NAME).is_dir(), start)
    return found / PROJECT_CONFIG_DIR_NAME if found else None


def use_project_config_dir() -> Path | None:
    """Export the project's config folder as `AOCD_CONFIG_DIR`, unless already set.

    Must run before aocd is imported: aocd reads the variable once, at import.
    """
    if "AOCD_CONFIG_DIR" in os.environ:
        return None
    found = find_project_config_dir()
    if found is not None:
        os.environ["AOCD_CONFIG_DIR"] = str(found)
    return found


def data_dir() -> Path:
    return Path(os.environ.get("AOCD_DIR", Path("~", ".config", "aocd"))).expanduser()


def config_dir() -> Path:
    return Path(os.environ.get("AOCD_CONFIG_DIR", data_dir())).expanduser()


def token_file() -> Path:
    return config_dir() / "token"


def find_token() -> str | None:
    """The session token aocd would use, or None when there is none."""
    token = os.environ.get("AOC_SESSION")
    if token:
        return token
    try:
        words = token_file().read_text(encoding="utf-8").split()
    except (FileNotFoundError, NotADirectoryError):
        return None
    return words[0] if words else None


def cached_user_id(token: str) -> str | None:
    """The user id aocd has memoised for `token` (in `token2id.json`), if any.

    aocd keys its whole cache by this id; finding it otherwise costs a request.
    """
    try:
        memo = json.loads((config_dir() / "token2id.json").read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError, ValueError):
        return None
    user_id = memo.get(token) if isinstance(memo, dict) else None
    return user_id if isinstance(user_id, str) else None
