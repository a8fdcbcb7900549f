"""`aoc read`: the puzzle's text, from the page aocd caches, as Markdown.

aocd keeps up to three copies of a puzzle's page for a user: as first seen, after
part 1 and after both parts (`Puzzle.prose0_path`, `prose1_path`, `prose2_path`), and
reads the fullest it has (private.py's `puzzle_prose`, fetching when it has none). A page
cached before a part was solved has no part 2 on it: when aocd knows more parts'
answers than the newest page shows, the page is fetched once more, which aocd files
as the fuller copy. HTML becomes Markdown through markdownify (MIT), here because it
reads the page with bs4, which only `aocd/` may import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aoc2023.framework import calendar
from aoc2023.framework.aocd import client, paths, private

SITE = "https://adventofcode.com"
"""Links in the text point at the real site, whichever site the page came from."""


@dataclass(frozen=True)
class PuzzleText:
    markdown: str
    refreshed: bool
    """Whether the page was fetched again because a part was solved since it was cached."""
    fetched: bool
    """Whether the page came from the site now (not from aocd's cache)."""
    still_short: bool = False
    """Fetched again for a part solved, the page still does not show it solved: the site
    served it logged out (a dead token)."""


def _page_level(puzzle: Any) -> int | None:
    """The parts solved on the fullest page aocd has cached for this user; None: none."""
    for level, path in ((2, puzzle.prose2_path), (1, puzzle.prose1_path),
                        (0, puzzle.prose0_path)):
        if path.is_file():
            return int(level)
    return None


def _solved_parts(token: str, year: int, day: int) -> int:
    """How many parts aocd knows the accepted answer of (a run, or the site, said so)."""
    cache = paths.PuzzleCache.for_token(token, year, day)
    if cache is None:
        return 0
    return sum(cache.known_answer(part) is not None for part in calendar.puzzle_parts(year, day))


def puzzle_html(token: str, year: int, day: int) -> tuple[str, bool, bool, bool]:
    """The page's HTML, whether it was refreshed, whether it was fetched at all, and
    whether a refreshed page still shows fewer parts solved than aocd knows."""
    calendar.check_day(year, day)
    calendar.ensure_unlocked(year, day)
    with client.asking_about(f"read the page of {year} day {day}", year, day):
        puzzle: Any = client.puzzle(token, year, day)  # its page methods are untyped
        level = _page_level(puzzle)
        refreshed, short = bring_up_to_date(puzzle, token, year, day)
        html = private.puzzle_prose(puzzle)
    return html, refreshed, refreshed or level is None, short


def bring_up_to_date(puzzle: Any, token: str, year: int, day: int) -> tuple[bool, bool]:
    """Fetch the page once more when aocd knows more parts solved than its cached page
    shows (inside a request block of `client`). Whether it did, and whether the page is
    still short of them after that (the site served it logged out: a dead token)."""
    level = _page_level(puzzle)
    solved = _solved_parts(token, year, day)
    if level is None or level >= solved:
        return False, False
    private.refetch_puzzle_page(puzzle)
    return True, (_page_level(puzzle) or 0) < solved


def _kept(paragraph: Any) -> bool:
    """Whether a paragraph of <main> outside the articles is the solver's to read: an
    answer given ("Your puzzle answer was"), or, on the year's last day, the stars the
    final one still needs ("You don't have enough stars to ..., though. You need 4
    more.") or the line that gives it ("You have enough stars to [...]"), which the site
    puts in a form of <main>. The rest (the input link, "share this", the stars of the
    day) is the page's furniture."""
    if paragraph.find_parent("article") is not None:
        return False
    text = " ".join(str(paragraph.get_text()).split())
    return text.startswith("Your puzzle answer") or "enough stars" in text


def to_markdown(html: str) -> str:
    """The puzzle's articles (part 1, part 2), the answers given and, on the last day,
    the paragraph about the stars still needed, as Markdown, in the page's order."""
    import bs4
    from markdownify import markdownify

    page = bs4.BeautifulSoup(html, "html.parser")
    main = page.main or page.body or page
    pieces = []
    for element in main.find_all(["article", "p"]):
        if element.name == "article" and element.find_parent("article") is not None:
            continue
        if element.name == "p" and not _kept(element):
            continue
        for link in element.find_all("a", href=True):
            if str(link["href"]).startswith("javascript:"):  # a form's submit: its text
                link.unwrap()
        for heading in element.find_all("h2"):
            heading.string = heading.get_text().strip().strip("-").strip()
        for code in element.find_all("code"):
            # `<code><em>6440</em></code>`: the answer, emphasised; Markdown cannot put
            # emphasis inside code, so the emphasis goes outside.
            if code.em is not None and code.get_text() == code.em.get_text():
                code.em.unwrap()
                code.wrap(page.new_tag("em"))
        for link in element.find_all("a", href=True):
            if str(link["href"]).startswith("/"):
                link["href"] = SITE + str(link["href"])
        pieces.append(markdownify(str(element), heading_style="ATX", bullets="-").strip())
    return "\n\n".join(pieces) + "\n"


def puzzle_text(token: str, year: int, day: int) -> PuzzleText:
    html, refreshed, fetched, short = puzzle_html(token, year, day)
    return PuzzleText(to_markdown(html), refreshed, fetched, short)
