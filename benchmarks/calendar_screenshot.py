"""Screenshots of the calendar picture on a GitHub-like README page, light and dark.

Draws the calendar of made-up stats (every kind of tile: gold, silver, empty, each time
format, a hostile title), serves a README-like page embedding it as GitHub does (an
<img>) on localhost, and has headless Chromium (Debian's `chromium`) take one screenshot
per colour scheme:

    uv run python benchmarks/calendar_screenshot.py /work/calendar-light.png /work/calendar-dark.png

`screenshots` is the one home of the page and the pictures: readme_screenshot.py shows a
project's README, its calendar made by the real commands, the same way.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import threading
from datetime import UTC, datetime, timedelta
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import NamedTuple

from aoc2023.framework.commands.stats import DayStats, StarStats, YearStats, calendar_svg


class Scheme(NamedTuple):
    """A GitHub-like colour scheme: page, text, lines, code and links; and Blink's
    `preferredColorScheme` for it (0 dark, 1 light: what the SVG's media query sees, as
    a browser set to that theme)."""

    bg: str
    fg: str
    line: str
    code: str
    link: str
    blink: int


SCHEMES = {
    "light": Scheme("#ffffff", "#1f2328", "#d0d7de", "#f6f8fa", "#0969da", 1),
    "dark": Scheme("#0d1117", "#f0f6fc", "#3d444d", "#151b23", "#4493f8", 0),
}

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>README</title>
<style>body{{margin:0;padding:32px;background:{s.bg};color:{s.fg};font-size:16px;
line-height:1.5;font-family:-apple-system,'Segoe UI','Noto Sans',Helvetica,Arial,sans-serif}}
article{{max-width:880px;margin:auto;border:1px solid {s.line};border-radius:6px;
padding:32px}}h1,h2{{border-bottom:1px solid {s.line};padding-bottom:.3em;font-weight:600}}
h1{{font-size:2em;margin-top:0}}h2{{font-size:1.5em}}a{{color:{s.link}}}
code{{font-family:ui-monospace,SFMono-Regular,'SF Mono',Menlo,Consolas,monospace;
font-size:85%;background:{s.code};border-radius:6px;padding:.2em .4em}}
pre{{background:{s.code};border-radius:6px;padding:16px;overflow:auto}}
pre code{{padding:0;font-size:85%}}img{{max-width:100%}}</style></head><body><article>
{body}</article></body></html>"""

CALENDAR_PAGE = """<h1>Advent of Code</h1><p>My solutions, and how they went:</p>
<p><img src="calendar.svg" alt="Advent of Code calendar"></p>"""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """No line per request: the pictures are the output."""


def screenshots(
    folder: Path, body: str, targets: dict[str, Path], size: tuple[int, int] = (960, 1150)
) -> None:
    """`body` (HTML) on a GitHub-like page, one per scheme of `targets`, served from
    `folder` (the pictures it links to beside it) on localhost, screenshot by headless
    Chromium in that colour scheme into its target (a PNG) at `size` (width, height)."""
    for name in targets:
        (folder / f"{name}.html").write_text(
            PAGE.format(s=SCHEMES[name], body=body), encoding="utf-8"
        )
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        for name, target in targets.items():
            subprocess.run(
                [
                    "chromium",
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    f"--user-data-dir={folder / ('profile-' + name)}",
                    f"--blink-settings=preferredColorScheme={SCHEMES[name].blink}",
                    "--hide-scrollbars",
                    f"--window-size={size[0]},{size[1]}",
                    f"--screenshot={target.resolve()}",
                    f"http://127.0.0.1:{server.server_address[1]}/{name}.html",
                ],
                check=True,
                timeout=120,
                capture_output=True,
            )
    finally:
        server.shutdown()
        server.server_close()


def sample() -> list[YearStats]:
    when = datetime(2025, 12, 1, 5, tzinfo=UTC)
    years = []
    for year, count in ((2023, 25), (2025, 12)):
        days = []
        for day in range(1, count + 1):
            parts = 1 if day == count else 2
            earned = parts if day % 5 else (1 if day % 10 else 0)
            since = [timedelta(minutes=7 * day, seconds=13 * day), timedelta(hours=day * 1.3)]
            stars = tuple(
                StarStats(
                    part,
                    when if part <= earned else None,
                    since[part - 1] if part <= earned else None,
                    part % 2 if part <= earned else None,
                    bool(part % 2) if part <= earned else None,
                    earned=part <= earned,
                )
                for part in range(1, parts + 1)
            )
            title = '<script>alert("x")</script> & co' if day == 3 else f"Day {day}"
            runtime = 10 ** (day % 7 - 6) * 1.7 if day % 4 else None
            days.append(DayStats(year, day, title, stars, runtime))
        years.append(YearStats(year, tuple(days), ()))
    return years


def main(light: Path, dark: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "calendar.svg").write_text(calendar_svg(sample()), encoding="utf-8")
        screenshots(Path(folder), CALENDAR_PAGE, {"light": light, "dark": dark})


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
