"""What may reach a terminal or a log, made safe in one place every line goes through:
ASCII stand-ins for what a stream cannot encode, control characters shown not obeyed, the
token and view keys redacted, and each piece of advice said once per screen. A leaf, set
up by cli.py before anything prints."""

from __future__ import annotations

import codecs
import io
import string
import sys
from contextlib import suppress
from itertools import groupby
from typing import Any, TextIO

ERRORS = "aoc-ascii"
"""The name of the codec error handler that writes ASCII stand-ins."""

STAND_INS = {
    **dict.fromkeys("┌┐└┘├┤┬┴┼", "+"),
    **dict.fromkeys("─\u2013\u2014", "-"),  # and the en and em dashes
    **dict.fromkeys("⏹█▓", "#"),
    **dict.fromkeys("·░", "."),
    **dict.fromkeys("\u2018\u2019", "'"),
    **dict.fromkeys("\u201c\u201d", '"'),
    "│": "|",
    "✔": "v",
    "✘": "x",
    "⧖": "~",
    "★": "*",
    "☆": "o",
    "µ": "u",
    "\u00a0": " ",
    "…": "...",
    "±": "+-",
    "→": "->",
}
"""What is written for a character the stream cannot encode."""


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(STAND_INS.get(char, "?") for char in text), error.end


codecs.register_error(ERRORS, _stand_in)


def encodable(text: str, encoding: str | None) -> str:
    """`text` as a stream in `encoding` can take it (unchanged when it can encode it all)."""
    if encoding:
        with suppress(LookupError):
            return text.encode(encoding, ERRORS).decode(encoding)
    return text


def install_stand_ins() -> None:
    """Make `sys.stdout` and `sys.stderr` write stand-ins where they cannot encode."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = getattr(stream, "encoding", None) or "utf-8"  # None: no encoding to fit
        if reconfigure is not None and not codecs.lookup(encoding).name.startswith("utf"):
            reconfigure(errors=ERRORS)


_KEPT = "\n\t"
_BIDI = (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)
"""The bidirectional controls: embeddings and overrides, isolates, marks."""
_SHOWN = {  # the line and paragraph separators too: readers of lines split rows at them
    code: repr(chr(code))[1:-1] if code < 0x100 else f"\\u{code:04x}"
    for code in (*range(0x20), 0x7F, *range(0x80, 0xA0), *_BIDI, 0x2028, 0x2029)
    if chr(code) not in _KEPT
}


def printable(text: str) -> str:
    """`text` with control characters but line breaks and tabs escaped, in ASCII."""
    return text.translate(_SHOWN)


PIECE = 8
"""The shortest run of the token's characters that is redacted wherever it appears."""

LONG = 16
"""The shortest run redacted even inside a longer run of such characters (a token glued
to hex); shorter ones only where they stand apart (no float's repr has 16 zeros)."""


class ViewKey(str):
    """A view key, redacted as a token is but named as what it is (a `str` is a token)."""

    __slots__ = ()


class Redactor:
    """Removes tokens and view keys, and every piece of them `PIECE` characters or longer."""

    def __init__(self, *tokens: str) -> None:
        # the first of equal ones kept; none shorter than PIECE (`e` would be in every line)
        self.tokens = tuple(dict.fromkeys(token for token in tokens if len(token) >= PIECE))
        self.pieces: dict[str, str] = {}  # piece -> what stands for the secret it is of
        for token in reversed(self.tokens):  # a token's piece wins over a view key's
            shown = "<view key>" if isinstance(token, ViewKey) else "<token>"
            self.pieces |= {token[i : i + PIECE]: shown for i in range(len(token) - PIECE + 1)}
        self.alphabet = frozenset(string.hexdigits).union(*self.tokens)
        """The characters of secrets: a piece next to one is inside a longer run."""

    def __call__(self, text: str) -> str:
        """`text` with each stretch made of pieces of a secret replaced, once."""
        covered: list[str | None] = []  # what stands for each character, once one is found
        for piece, shown in self.pieces.items():  # every 8-window: together they cover
            start = text.find(piece)  # any longer match
            while start != -1:
                covered = covered or [None] * len(text)
                covered[start : start + len(piece)] = [shown] * len(piece)
                start = text.find(piece, start + 1)
        if not covered:
            return text
        self._keep_embedded(text, covered)
        return "".join(  # a stretch covered by one secret's pieces: its stand-in once
            "".join(char for char, _ in run) if stand_in is None else stand_in
            for stand_in, run in groupby(zip(text, covered, strict=True), lambda pair: pair[1])
        )

    def _keep_embedded(self, text: str, covered: list[str | None]) -> None:
        """Uncover each stretch shorter than LONG, holding no whole secret, inside a longer
        run of the secrets' characters (a number's digits, not a secret's piece)."""
        start = 0
        for hidden, stretch in groupby(covered, lambda stand_in: stand_in is not None):
            end = start + len(list(stretch))
            embedded = (start > 0 and text[start - 1] in self.alphabet) or (
                end < len(text) and text[end] in self.alphabet
            )
            if (
                hidden
                and end - start < LONG
                and embedded
                and not any(secret in text[start:end] for secret in self.tokens)
            ):
                covered[start:end] = [None] * (end - start)
            start = end


class RedactingStream(io.TextIOBase):
    """A text stream that redacts whole lines written through it (a token written in two
    pieces is still caught); `flush` lets a partial line out (a prompt)."""

    def __init__(self, stream: TextIO, redact: Redactor) -> None:
        super().__init__()
        self.stream = stream
        self.redact = redact
        self._pending = ""

    def write(self, text: str) -> int:
        self._pending += text
        if "\n" in self._pending:
            lines, _, self._pending = self._pending.rpartition("\n")
            self._write(self.redact(lines + "\n"))
        return len(text)

    def flush(self) -> None:
        if self._pending:
            pending, self._pending = self._pending, ""
            self._write(self.redact(pending))
        self.stream.flush()

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
        except UnicodeEncodeError:
            self.stream.write(encodable(text, self.stream.encoding))

    def writable(self) -> bool:
        return True

    @property
    def closed(self) -> bool:  # the one below too: a day's code may close sys.__stdout__
        return super().closed or self.stream.closed

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.stream.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return self.stream.errors

    def __getattr__(self, name: str) -> Any:  # what else a caller may ask a stream
        if name == "buffer":  # bytes written there would pass unredacted
            raise AttributeError(name)
        return getattr(self.stream, name)


def wrapped(stream: TextIO, *tokens: str | None) -> TextIO:
    """`stream`, redacting `tokens` (once: a stream already redacting is unwrapped first)."""
    if isinstance(stream, RedactingStream):
        stream.flush()
        stream = stream.stream
    if kept := [token for token in tokens if token]:
        return RedactingStream(stream, Redactor(*kept))  # type: ignore[return-value]
    return stream


def flush() -> None:
    """Out with what this process said, before another writes to the same terminal or pipe."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            with suppress(OSError, ValueError):
                stream.flush()


def tokens_of(stream: object) -> tuple[str, ...]:
    """The tokens `stream` redacts (none when it is not a redacting stream)."""
    return stream.redact.tokens if isinstance(stream, RedactingStream) else ()


def give_back(streams: tuple[TextIO, TextIO, TextIO]) -> None:
    """sys.stdin, sys.stdout and sys.stderr set to `streams`, each one closed (by a day's
    code run in this process) opened anew on its file descriptor, which stays open."""
    sys.stdin, sys.stdout, sys.stderr = (reopened(s, fd) for fd, s in enumerate(streams))


def reopened(stream: TextIO, fd: int) -> TextIO:
    """`stream`, or a new one on the same file descriptor when a day closed it."""
    if stream is None or not stream.closed:  # None: Python started with no stdin
        return stream
    if fd == 0:  # stdin, read: nothing to redact
        return open(0, encoding="utf-8", errors="replace", closefd=False)
    fresh = open(fd, "w", encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115
    return wrapped(fresh, *tokens_of(stream))


def install(*tokens: str | None) -> None:
    """Redact `tokens` too from `sys.stdout` and `sys.stderr` (before any log handler)."""
    if not any(tokens):
        return
    for name in ("stdout", "stderr"):
        if (stream := getattr(sys, name)) is not None:
            setattr(sys, name, wrapped(stream, *tokens_of(stream), *tokens))


CONTACT = "contact"
"""The advice to name yourself to the site (`$AOC_USER_AGENT`)."""

_said: set[str] = set()


def first_time(name: str) -> bool:
    """Whether the advice `name` is yet to be said on this screen; now it is."""
    first = name not in _said
    _said.add(name)
    return first


def new_screen() -> None:
    """A new command line: nothing has been said on it yet."""
    _said.clear()
