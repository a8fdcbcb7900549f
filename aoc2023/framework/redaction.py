"""Keeping the session token out of everything `aoc` prints.

Redaction happens in one place: the process's `sys.stdout` and `sys.stderr`, which
every error sentence, table, traceback (`--verbose`), log line, and what aocd,
urllib3 or http.client put into an exception's message, pass through on their way
out. No code path has to remember to redact, and a message built deep inside a
library is covered as well as our own.

What is removed: the token, and any piece of it of `PIECE` characters or more, so
that neither a whole token nor a recognisable part of one is ever shown. Nothing of
the token is shown but, where we choose to, its last 4 characters. A piece shorter than
`LONG` is removed only where it stands apart, not inside a longer run of the secrets'
own characters: there it is a number's digits that happen to match (`0.30000000000000004`
holds `00000000`, which a token may hold), not a token's piece; `LONG` characters of a
random token never match by chance, and are removed wherever they are. A private
leaderboard's view key (a `ViewKey`) is a secret of the same kind, and is removed the
same way, as `<view key>`.
"""

from __future__ import annotations

import io
import string
import sys
from typing import Any, TextIO

from aoc2023.framework.render.encoding import encodable

PIECE = 8
"""The shortest run of the token's characters that is redacted wherever it appears."""

LONG = 16
"""The shortest run of a secret's characters removed even inside a longer run of such
characters (a token glued to hex, `%3D` + token); shorter ones only where they stand
apart. A float's repr never holds 16 zeros in a row."""

REPLACEMENT = "<token>"
VIEW_KEY_REPLACEMENT = "<view key>"


class ViewKey(str):
    """A secret that is a leaderboard's view key, not a session token: it is redacted
    alike, and named as what it is where it was (a plain `str` is a token)."""

    __slots__ = ()


class Redactor:
    """Removes tokens (the run's, and each account's under `aoc run --accounts`) and view
    keys, and every piece of them `PIECE` characters long or longer."""

    def __init__(self, *tokens: str) -> None:
        self.tokens = tuple(dict.fromkeys(tokens))  # the first of equal ones kept
        self.pieces: dict[str, str] = {}  # piece -> what stands for the secret it is of
        for token in reversed(self.tokens):  # a token's piece wins over a view key's
            size = min(PIECE, len(token))
            shown = VIEW_KEY_REPLACEMENT if isinstance(token, ViewKey) else REPLACEMENT
            self.pieces |= {token[i:i + size]: shown for i in range(len(token) - size + 1)}
        self.alphabet = frozenset(string.hexdigits).union(*self.tokens)
        """The characters a secret is made of (a token's are hexadecimal digits): a piece
        next to one is inside a longer run."""

    def __call__(self, text: str) -> str:
        """`text` with each stretch made of pieces of a secret replaced, once."""
        if not self.pieces:
            return text
        covered: list[str | None] = []  # what stands for each character, once one is found
        for piece, shown in self.pieces.items():  # every 8-window: together they cover
            start = text.find(piece)              # any longer match
            while start != -1:
                covered = covered or [None] * len(text)
                covered[start:start + len(piece)] = [shown] * len(piece)
                start = text.find(piece, start + 1)
        if not covered:
            return text
        self._keep_embedded(text, covered)
        out: list[str] = []
        for index, char in enumerate(text):
            stand_in = covered[index]
            if stand_in is None:
                out.append(char)
            elif index == 0 or covered[index - 1] != stand_in:
                out.append(stand_in)
        return "".join(out)


    def _keep_embedded(self, text: str, covered: list[str | None]) -> None:
        """Uncover each stretch shorter than LONG, and holding no whole secret (a view key
        is shorter), that a character of the secrets' own touches on either side (one
        that is not itself covered): it is inside a longer run, a number's digits, not a
        piece of a secret standing apart."""
        start = 0
        while start < len(text):
            if covered[start] is None:
                start += 1
                continue
            end = start
            while end < len(text) and covered[end] is not None:
                end += 1
            embedded = (start > 0 and text[start - 1] in self.alphabet) or \
                (end < len(text) and text[end] in self.alphabet)
            if end - start < LONG and embedded and \
                    not any(secret in text[start:end] for secret in self.tokens):
                covered[start:end] = [None] * (end - start)
            start = end


class RedactingStream(io.TextIOBase):
    """A text stream that redacts what is written through it, a line at a time.

    Whole lines are redacted, so a token written in two pieces (as `print` writes text,
    then its line end) is still caught; `flush` lets a partial line out (a prompt), as
    an interactive stream must.
    """

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
        """Written whole: what the stream cannot encode as ASCII stand-ins (a line that
        failed here would otherwise be lost, and fail again at exit, unseen)."""
        try:
            self.stream.write(text)
        except UnicodeEncodeError:
            self.stream.write(encodable(text, self.stream.encoding))

    def writable(self) -> bool:
        return True

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
    kept = [token for token in tokens if token]
    if not kept:
        return stream
    return RedactingStream(stream, Redactor(*kept))  # type: ignore[return-value]


def tokens_of(stream: object) -> tuple[str, ...]:
    """The tokens `stream` redacts (none when it is not a redacting stream)."""
    return stream.redact.tokens if isinstance(stream, RedactingStream) else ()


def install(*tokens: str | None) -> None:
    """Redact `tokens` from everything this process prints from now on through `sys.stdout`
    and `sys.stderr`, besides what they redact already. A log handler made earlier
    holds the stream of its time: install first."""
    if not any(tokens):
        return
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None:
            setattr(sys, name, wrapped(stream, *tokens_of(stream), *tokens))
