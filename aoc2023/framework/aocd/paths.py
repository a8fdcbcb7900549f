"""aocd's folders, its memo of token owners, and one puzzle's cached files, read without
importing aocd (slow). Apart from local.py: store.py builds on these, local.py on store.py."""

from __future__ import annotations

import contextlib
import html
import os
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import NamedTuple

from aoc2023.framework.errors import DamagedFileError
from aoc2023.framework.files import (
    read_cached_text,
    read_regular,
    read_regular_text,
    read_string_map,
)

_TITLE = re.compile(r"<h2>--- Day (\d+): (.*?) ---</h2>")


def data_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """aocd's data folder: `$AOCD_DIR`, else `~/.config/aocd`."""
    return Path(environ.get("AOCD_DIR", Path("~", ".config", "aocd"))).expanduser()


def config_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """aocd's config folder: `$AOCD_CONFIG_DIR`, else the data folder."""
    return Path(environ.get("AOCD_CONFIG_DIR", data_dir(environ))).expanduser()


def token_memo_file(config: Path | None = None) -> Path:
    """aocd's memo of whose each token is, `token2id.json` (it holds tokens)."""
    return (config_dir() if config is None else config) / "token2id.json"


def token_memo(config: Path | None = None) -> dict[str, str]:
    """aocd's memo of token owners, {} when none; DamagedFileError for a damaged memo."""
    said = "aocd's token memo", "a map of tokens to user ids", "remove it, and aocd makes it again"
    return read_string_map(token_memo_file(config), *said) or {}


def cached_user_id(token: str, config: Path | None = None) -> str | None:
    """The user id aocd memoised for `token`, if any (`token_memo`)."""
    return token_memo(config).get(token)


class PuzzleCache(NamedTuple):
    year: int
    day: int
    user_dir: Path

    @classmethod
    def for_token(cls, token: str, year: int, day: int) -> PuzzleCache | None:
        """None when aocd has not learnt whose the token is, on disk or in memory."""
        owner: object = cached_user_id(token)
        if owner is None:
            from aoc2023.framework.aocd import private

            owner = (private.token_owners_in_memory() or {}).get(token)
        return None if owner is None else cls(year, day, data_dir() / str(owner))

    @property
    def _stem(self) -> str:
        return f"{self.year}_{self.day:02d}"

    @property
    def input_path(self) -> Path:
        return self.user_dir / f"{self._stem}_input.txt"

    def answer_path(self, part: int) -> Path:
        return self.user_dir / f"{self._stem}{'ab'[part - 1]}_answer.txt"

    @property
    def submissions_path(self) -> Path:
        return self.user_dir / f"{self._stem}_post.json"

    def read_input(self) -> str | None:
        """The cached input; None when missing or empty; DamagedFileError for a web page."""
        text = read_cached_text(
            self.input_path, "aocd's cached input", "remove it, and the next run fetches it again"
        )
        if text is not None and not text.strip():
            drop_damaged([self.input_path], "aocd's cached input")
            return None
        if text is not None and looks_like_html(text):
            raise DamagedFileError(
                f"aocd's cached input {self.input_path} is a web page, not a puzzle input (the "
                "site was down when it was fetched?): delete it, and the next run fetches it again."
            )
        return None if text is None else text.rstrip("\r\n")

    def known_answer(self, part: int) -> str | None:
        """The answer the site confirmed as correct, as aocd cached it."""
        text = read_cached_text(
            self.answer_path(part),
            "aocd's cached answer",
            "remove it, and the next run reads the puzzle page again",
        )
        return (text or "").strip() or None


def drop_damaged(files: Iterable[Path], what: str, end: str = "") -> None:
    """Remove (and say) those of `files` that are empty (only whitespace), not UTF-8 text,
    or without `end` (cut short), to fetch them again; DamagedFileError for a folder, or for
    one that cannot be removed. A FIFO or a large file is its reader's to refuse."""
    for path in files:
        try:
            text = read_regular(path).decode("utf-8")
            damage = "empty" if not text.strip() else None if end in text else "cut short"
        except UnicodeDecodeError:
            damage = "not UTF-8 text"
        except IsADirectoryError as error:
            raise DamagedFileError(
                f"{what} {path} is a folder, not a file: remove it, and the next run fetches "
                "it again."
            ) from error
        except OSError:
            continue
        if damage is None:
            continue
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        except OSError as error:
            raise DamagedFileError(
                f"{what} {path} is {damage} (damaged) and could not be removed "
                f"({error.strerror or error}): delete it, and the next run fetches it again."
            ) from error
        sys.stderr.write(f"{what} {path} was {damage} (damaged): removed it, to fetch it again.\n")


def undo_cut_writes(since_ns: int, year: int | None, day: int | None) -> list[Path]:
    """Remove what aocd's failed writes since `since_ns` left (its `tmp*` files, the
    puzzle's files changed since); those removed, the input first (for `tmp*`)."""
    since = since_ns - 1_000_000_000  # file times lag on the kernel's coarse clock
    folder = data_dir()
    stem = "" if year is None or day is None else f"{year}_{day:02d}_"
    candidates: list[Path] = []
    with contextlib.suppress(OSError):
        candidates += sorted(folder.glob("*/tmp*"))
        if stem:
            candidates += sorted(folder.glob(f"*/{stem}*"))  # prose/ too
    removed: list[Path] = []
    for path in candidates:
        with contextlib.suppress(OSError):  # gone already, or not ours to remove
            if path.is_file() and path.stat().st_mtime_ns >= since:
                path.unlink()
                tmp = path.name.startswith("tmp") and stem
                removed.append(path.parent / f"{stem}input.txt" if tmp else path)
    return sorted(removed, key=lambda path: not path.name.endswith("input.txt"))


def page_files(year: int, day: int) -> list[Path]:
    """Every copy of the puzzle's page aocd may read (`Puzzle._get_prose`)."""
    stem = f"{year}_{day:02d}"
    folder = data_dir()
    pages = [folder / "prose" / f"{stem}_prose.0.html"]
    with contextlib.suppress(OSError):
        pages += sorted(folder.glob(f"*/{stem}_prose.[12].html"))
    return pages


def looks_like_html(text: str) -> bool:
    """Whether a puzzle input is in fact a web page (a maintenance page, status 200)."""
    return text.lstrip()[:15].lower().startswith(("<!doctype html", "<html"))


def cached_title(year: int, day: int, user_dir: Path | None = None) -> str | None:
    """The puzzle's title from any puzzle page aocd has cached; never a request."""
    stem = f"{year}_{day:02d}"
    mine = [] if user_dir is None else [user_dir / f"{stem}_prose.{level}.html" for level in (2, 1)]
    for page in [*mine, data_dir() / "prose" / f"{stem}_prose.0.html"]:  # the fullest first
        try:
            text = read_regular_text(page)
        except (OSError, UnicodeDecodeError):  # none, or damaged: `aoc read` says which
            continue
        if (match := _TITLE.search(text)) and int(match[1]) == day:
            return html.unescape(match[2])
    return None
