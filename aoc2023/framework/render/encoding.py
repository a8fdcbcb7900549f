"""Output in any encoding: what a stream cannot encode is shown in ASCII, never raised.

A terminal, pipe or file may take only ASCII, latin-1 or cp437 (`PYTHONIOENCODING`, a C
locale, a Windows console). Every character our output holds that such a stream cannot
encode (box drawing, the marks ✔ ✘ ⧖ ⏹, µ, …) is written as its ASCII stand-in, one
character for one where it can sit in a table so that columns stay aligned; any other
(a character of an answer, of the site's reply) is written `?`, which keeps a table's
columns aligned too (`--json` keeps every character: it writes `\\u2603`). This is
done by a codec error handler on `sys.stdout` and `sys.stderr`, so that it covers
everything printed (tables, error sentences, typer's own output) from one place, and a
stream that can encode a character (cp437 has the box drawing) still gets it.
"""

from __future__ import annotations

import codecs
import sys
from typing import Any

ERRORS = "aoc-ascii"
"""The name of the codec error handler that writes ASCII stand-ins."""

STAND_INS = {
    **dict.fromkeys("┌┐└┘├┤┬┴┼", "+"), "─": "-", "│": "|",
    "✔": "v", "✘": "x", "⧖": "~", "⏹": "#", "★": "*", "☆": "o",
    "µ": "u", "\u00a0": " ", "…": "...", "±": "+-", "·": ".",
    "█": "#", "▓": "#", "░": ".", "→": "->", "\u2013": "-", "\u2014": "-",
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
}
"""What is written for a character the stream cannot encode."""


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    out = "".join(STAND_INS.get(char, "?") for char in text)
    return out, error.end


codecs.register_error(ERRORS, _stand_in)


def encodable(text: str, encoding: str | None) -> str:
    """`text` as a stream in `encoding` can take it (unchanged when it can encode it all)."""
    if not encoding:
        return text
    try:
        return text.encode(encoding, ERRORS).decode(encoding)
    except LookupError:  # an encoding Python does not know cannot have been a stream's
        return text


def _is_unicode(encoding: str | None) -> bool:
    return encoding is None or codecs.lookup(encoding).name.startswith("utf")


def install() -> None:
    """Make `sys.stdout` and `sys.stderr` write stand-ins where they cannot encode."""
    for name in ("stdout", "stderr"):
        stream: Any = getattr(sys, name)
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and not _is_unicode(getattr(stream, "encoding", None)):
            reconfigure(errors=ERRORS)
