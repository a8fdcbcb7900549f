"""aocd's on-disk cache for one user and puzzle, read without importing aocd.

Reading a cached input this way costs a file read; importing aocd costs about a
quarter of a second. The file names follow `aocd.models.Puzzle`; the tests hold
them equal to aocd's own paths.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from aoc2023.framework import config

_TITLE = re.compile(r"<h2>--- Day (\d+): (.*?) ---</h2>")


@dataclass(frozen=True)
class PuzzleCache:
    year: int
    day: int
    user_dir: Path

    @classmethod
    def for_token(cls, token: str, year: int, day: int) -> PuzzleCache | None:
        """None when aocd has not yet learnt which user the token belongs to."""
        user_id = config.cached_user_id(token)
        if user_id is None:
            return None
        return cls(year, day, config.data_dir() / user_id)

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
        try:
            return self.input_path.read_text(encoding="utf-8").rstrip("\r\n")
        except FileNotFoundError:
            return None

    def known_answer(self, part: int) -> str | None:
        """The answer the site confirmed as correct, as aocd cached it."""
        try:
            answer = self.answer_path(part).read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            return None
        return answer or None


def cached_title(year: int, day: int, user_dir: Path | None = None) -> str | None:
    """The puzzle's title from any puzzle page aocd has cached; never a request."""
    stem = f"{year}_{day:02d}"
    pages = [config.data_dir() / "prose" / f"{stem}_prose.0.html"]
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
