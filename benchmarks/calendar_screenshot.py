"""Screenshots of the calendar picture on a GitHub-like README page, light and dark.

Draws the calendar of made-up stats (every kind of tile: gold, silver, empty, each time
format, a hostile title), serves a README-like page embedding it as GitHub does (an
<img>) on localhost, and has headless Chromium (Debian's `chromium`) take one screenshot
per colour scheme:

    uv run python benchmarks/calendar_screenshot.py /work/calendar-light.png /work/calendar-dark.png
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

from aoc2023.framework.render.calendar_svg import write_svg
from aoc2023.framework.stats import DayStats, StarStats, YearStats

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>README</title>
<style>body{{margin:0;padding:32px;background:{bg};color:{fg};font-family:-apple-system,
'Segoe UI','Noto Sans',Helvetica,Arial,sans-serif}}article{{max-width:880px;margin:auto;
border:1px solid {line};border-radius:6px;padding:32px}}h1{{border-bottom:1px solid {line};
padding-bottom:8px}}img{{max-width:100%}}</style></head><body><article>
<h1>Advent of Code</h1><p>My solutions, and how they went:</p>
<p><img src="calendar.svg" alt="Advent of Code calendar"></p></article></body></html>"""


def sample() -> list[YearStats]:
    when = datetime(2025, 12, 1, 5, tzinfo=UTC)
    years = []
    for year, count in ((2023, 25), (2025, 12)):
        days = []
        for day in range(1, count + 1):
            parts = 1 if day == count else 2
            earned = parts if day % 5 else (1 if day % 10 else 0)
            since = [timedelta(minutes=7 * day, seconds=13 * day), timedelta(hours=day * 1.3)]
            stars = tuple(StarStats(part, when if part <= earned else None,
                                    since[part - 1] if part <= earned else None,
                                    part % 2 if part <= earned else None,
                                    bool(part % 2) if part <= earned else None,
                                    earned=part <= earned)
                          for part in range(1, parts + 1))
            title = '<script>alert("x")</script> & co' if day == 3 else f"Day {day}"
            runtime = 10 ** (day % 7 - 6) * 1.7 if day % 4 else None
            days.append(DayStats(year, day, title, stars, runtime))
        years.append(YearStats(year, tuple(days), ()))
    return years


def main(light: Path, dark: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        write_svg(root / "calendar.svg", sample())
        schemes = {"light": ("#ffffff", "#1f2328", "#d0d7de", 1),
                   "dark": ("#0d1117", "#f0f6fc", "#3d444d", 0)}
        for name, (bg, fg, line, _) in schemes.items():
            (root / f"{name}.html").write_text(PAGE.format(bg=bg, fg=fg, line=line),
                                               encoding="utf-8")
        server = ThreadingHTTPServer(("127.0.0.1", 0),
                                     partial(SimpleHTTPRequestHandler, directory=folder))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            for name, target in (("light", light), ("dark", dark)):
                # Blink's preferredColorScheme: 0 dark, 1 light (what the SVG's media
                # query sees, as a browser set to that theme).
                subprocess.run(
                    ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                     "--disable-quic", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync",
                     f"--user-data-dir={root / ('profile-' + name)}",
                     f"--blink-settings=preferredColorScheme={schemes[name][3]}",
                     "--hide-scrollbars", "--window-size=960,1150",
                     f"--screenshot={target.resolve()}",
                     f"http://127.0.0.1:{server.server_address[1]}/{name}.html"],
                    check=True, timeout=120, capture_output=True)
        finally:
            server.shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
