"""The puzzle's page for `aoc new`, `aoc examples` and `aoc read`: the title, the examples
(aocd's example parser), and the text as Markdown. A page cached before a part was
solved lacks what came since, so it is fetched once more (`bring_up_to_date`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from aoc2023.framework import calendar
from aoc2023.framework.aocd import client, local, paths, private
from aoc2023.framework.aocd.client import PageExample
from aoc2023.framework.aocd.paths import PuzzleCache, cached_title
from aoc2023.framework.errors import NoInputError, NotAnInput, SiteError, StillLocked


@dataclass(frozen=True)
class PuzzleInfo:
    """The page's title and examples (aoc examples), or its text (aoc read); for aoc new
    also whether the input is cached, and a sentence for each thing not had."""

    title: str | None = None
    examples: tuple[PageExample, ...] = ()
    refreshed: bool = False
    """Whether the page was fetched again, for a part solved since it was cached."""
    still_short: bool = False
    """Fetched again, the page still does not show a part solved (a dead token)."""
    markdown: str = ""
    input_cached: bool = False
    problems: tuple[str, ...] = ()


def _page_level(puzzle: Any) -> int | None:
    """The parts solved on the fullest page aocd cached for this user; None: no page."""
    pages = (puzzle.prose2_path, puzzle.prose1_path, puzzle.prose0_path)
    return next((2 - index for index, path in enumerate(pages) if path.is_file()), None)


def puzzle_text(token: str, year: int, day: int) -> PuzzleInfo:
    """The page as Markdown (of a valid day), brought up to date first; SiteError on failure."""
    calendar.ensure_unlocked(year, day)
    with client.asking(f"read the page of {year} day {day}", year, day):
        puzzle: Any = client.puzzle(token, year, day)  # its page methods are untyped
        refreshed, short = bring_up_to_date(puzzle, token, year, day)
        html = str(private.get("Puzzle._get_prose")(puzzle))  # the fullest copy aocd has
    return PuzzleInfo(refreshed=refreshed, still_short=short, markdown=to_markdown(html))


def bring_up_to_date(puzzle: Any, token: str, year: int, day: int) -> tuple[bool, bool]:
    """Fetch the page again when aocd knows more parts solved than it shows (inside a
    request block); whether it did, and whether it is still short."""
    level = _page_level(puzzle)
    cache = paths.PuzzleCache.for_token(token, year, day)
    parts = calendar.puzzle_parts(year, day)
    solved = 0 if cache is None else sum(cache.known_answer(part) is not None for part in parts)
    if level is None or level >= solved:
        return False, False
    private.get("Puzzle._request_puzzle_page")(puzzle)
    return True, (_page_level(puzzle) or 0) < solved


def to_markdown(html: str) -> str:
    """The puzzle's articles (part 1, part 2), the answers given and, on the last day,
    the paragraph about the stars still needed, as Markdown, in the page's order."""
    import bs4
    from markdownify import markdownify as md  # escape_misc: text is never markup

    page = bs4.BeautifulSoup(html, "html.parser")
    main = page.main or page.body or page
    pieces = []
    for element in main.find_all(["article", "p"]):
        text = " ".join(str(element.get_text()).split())
        kept = text.startswith("Your puzzle answer") or "enough stars" in text  # else furniture
        if element.find_parent("article") is not None or (element.name == "p" and not kept):
            continue
        for link in element.find_all("a", href=True):
            if str(link["href"]).startswith("javascript:"):  # a form's submit: its text
                link.unwrap()
            elif str(link["href"]).startswith("/"):  # the real site, whichever site it came from
                link["href"] = "https://adventofcode.com" + str(link["href"])
        for heading in element.find_all("h2"):
            heading.string = heading.get_text().strip().strip("-").strip()
        for code in element.find_all("code"):
            # <code><em>6440</em></code>: Markdown has no emphasis inside code
            if code.em is not None and code.get_text() == code.em.get_text():
                code.em.unwrap()
                code.wrap(page.new_tag("em"))
        pieces.append(md(str(element), heading_style="ATX", bullets="-", escape_misc=True).strip())
    return "\n\n".join(pieces) + "\n"


def current_examples(token: str, year: int, day: int, *, new: bool = False) -> PuzzleInfo:
    """The examples (of a valid day), the page brought up to date first; SiteError on
    failure. `new` (aoc new): the page as it is; NoInputError on failure."""
    calendar.ensure_unlocked(year, day)
    doing = f"read the {'page' if new else 'examples'} of {year} day {day}"
    with client.asking(doing, year, day, NoInputError if new else SiteError):
        puzzle: Any = client.puzzle(token, year, day)
        refreshed = not new and bring_up_to_date(puzzle, token, year, day)[0]
        found = puzzle.examples  # fetches quietly; `title` then reads the cached page
        title = str(puzzle.title)
    return PuzzleInfo(title, client.page_examples(found, year, day), refreshed)


def gather(year: int, day: int, token: str | None) -> PuzzleInfo:
    """The input (into aocd's cache), title and examples of an unlocked puzzle, as far as
    they can be had, and a sentence for each that cannot: a new day's files are written anyway."""
    cache = PuzzleCache.for_token(token, year, day) if token else None
    local_title = cached_title(year, day, cache.user_dir if cache else None)

    def only_local(problem: str, *, input_cached: bool = False) -> PuzzleInfo:
        return PuzzleInfo(title=local_title, input_cached=input_cached, problems=(problem,))

    if token is None:
        return only_local(
            f"{local.no_token_sentence()}, so nothing was fetched (your input, "
            f"the puzzle's title and example): {local.where_to_put_the_token()}."
        )
    missing: NotAnInput | None = None
    try:
        if cache is None or cache.read_input() is None:
            client.fetch_input(year, day, token)
    except StillLocked as error:
        raise StillLocked(
            f"{error} aoc new wrote nothing: run it again once the puzzle is "
            "unlocked (--wait waits for it)."
        ) from error
    except NotAnInput as error:  # the site answers: its page may still be had
        missing = error
    except NoInputError as error:  # the page would fail the same way
        return only_local(f"Fetched neither your input nor the puzzle's example: {error}")
    try:
        page = current_examples(token, year, day, new=True)
    except NoInputError as error:
        if missing is not None:
            return only_local(f"Fetched neither your input nor the puzzle's example: {missing}")
        return only_local(
            f"Fetched your input, but not the puzzle page (title, example): {error}",
            input_cached=True,
        )
    problems = [f"Fetched the puzzle page, but not your input: {missing}"] if missing else []
    if not page.examples:
        problems.append(
            "aocd's example parser found no example on the puzzle page: paste it in yourself."
        )
    return replace(page, input_cached=missing is None, problems=tuple(problems))
