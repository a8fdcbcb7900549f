"""Writing a file so that a crash or a full disk never leaves half of it behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, content: str | bytes) -> None:
    """Write to a new file beside `path`, then rename it over `path` in one step.

    Text is written as UTF-8 bytes, with no newline translation, so what is written is
    exactly `content`. Two writers never share a temporary file.
    """
    data = content.encode("utf-8") if isinstance(content, str) else content
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp",
                                     delete=False) as temporary:
        temporary.write(data)
    try:
        os.replace(temporary.name, path)
    except OSError:
        os.unlink(temporary.name)
        raise
