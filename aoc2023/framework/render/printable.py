"""Text from outside made safe to print: control and escape sequences shown, not obeyed.

Text that `aoc` did not write (the site's replies and pages, leaderboard names, a part's
answer, a file's contents in an error sentence) may hold escape sequences: a clear-screen,
a set-title, an OSC 8 link, a cursor move that redraws the example a user copies. Each
control character but the line break and the tab is shown as Python writes it in a
string (`\\x1b`, `\\r`), so the sequence is visible and inert, and a cell's width is that
of what is shown. So is each bidirectional control (`\\u202e`, a right-to-left override
in a leaderboard name, would reorder the rest of its line): shown, not obeyed. Every
line aoc prints from outside goes through here: the tables' cells, `paint` and
`wrap_message` (render/table.py), and `say` (cli/common.py) for a command's own lines.
rich's `escape_control_codes` leaves ESC itself through, and importing rich costs ~50 ms
that `aoc run` does not pay (render/table.py), so this is ours.
"""

from __future__ import annotations

_KEPT = "\n\t"
_BIDI = (*range(0x202a, 0x202f), *range(0x2066, 0x206a), 0x200e, 0x200f, 0x061c)
"""The bidirectional controls: embeddings and overrides, isolates, marks."""
_SHOWN = {code: repr(chr(code))[1:-1] if code < 0x100 else f"\\u{code:04x}"
          for code in (*range(0x20), 0x7f, *range(0x80, 0xa0), *_BIDI)
          if chr(code) not in _KEPT}


def printable(text: str) -> str:
    """`text` with every control character but line breaks and tabs, and every
    bidirectional control, written escaped (in ASCII: its width is its length)."""
    return text.translate(_SHOWN)
