"""The editor's byte stream, made safe to read: only whole, well-framed messages reach pygls.

pygls reads ``Content-Length`` headers itself; after one header it cannot read (``abc``) it never
finds a header again, and a huge length (``100000000000``) is allocated at once. This reader
sits between stdin and pygls: a message with a length that is not a number is dropped and the
stream read on, in small pieces, from the next ``Content-Length`` header found; so is one
that claims more than ``MAX_MESSAGE``. What pygls gets is each kept message framed again, as it
expects."""
from __future__ import annotations

import re
from typing import BinaryIO

MAX_MESSAGE = 32 * 1024 * 1024          # far above a rule file's buffer (2 MB at most)
_HEADER = re.compile(rb"Content-Length:[ \t]*([^\r\n]*)", re.I)
_CHUNK = 1 << 16


class FramedInput:
    """A file-like reader (``readline`` and ``read``) of well-framed messages from ``raw``."""

    def __init__(self, raw: BinaryIO):
        self.raw = raw
        self.pending = b""
        self.dropped = 0                    # messages read past: for tests and logs

    def readline(self) -> bytes:
        if not self._fill():
            return b""
        end = self.pending.find(b"\n") + 1 or len(self.pending)
        line, self.pending = self.pending[:end], self.pending[end:]
        return line

    def read(self, n: int = -1) -> bytes:
        if not self._fill():
            return b""
        n = len(self.pending) if n < 0 else n
        data, self.pending = self.pending[:n], self.pending[n:]
        return data

    def _fill(self) -> bool:
        while not self.pending:
            message = self._next_message()
            if message is None:
                return False
            self.pending = b"Content-Length: %d\r\n\r\n" % len(message) + message
        return True

    def _next_message(self) -> bytes | None:
        """The next message's body, or None at the end of the stream."""
        while True:
            length = None
            line = self.raw.readline(_CHUNK)
            while line and line.strip():                        # the header block, up to its blank line
                found = _HEADER.search(line)
                if found:
                    value = found.group(1).strip()
                    length = int(value) if value.isascii() and value.isdigit() and len(value) <= 12 else -1
                line = self.raw.readline(_CHUNK)
            if not line:
                return None
            if length is None:
                continue                                        # a blank line alone
            if length < 0 or length > MAX_MESSAGE:              # no length to trust: on to the next header
                self.dropped += 1
                self._resync()
                continue
            body = self.raw.read(length)
            if len(body) < length:
                return None
            return body

    def _resync(self) -> None:
        """Read on, a piece at a time, to the next ``Content-Length`` header, and put it back:
        the body of the message dropped may run into it without a line break, and may be long."""
        carry = b""
        while True:
            piece = self.raw.readline(_CHUNK)
            if not piece:
                return
            seen = carry + piece
            at = seen.find(b"Content-Length:")
            if at >= 0:
                self.raw = _Prefixed(seen[at:], self.raw)
                return
            carry = seen[-len(b"Content-Length:"):]


class _Prefixed:
    """``raw`` with some bytes put back in front of it."""

    def __init__(self, head: bytes, raw):
        self.head, self.raw = head, raw

    def readline(self, limit: int = -1) -> bytes:
        if self.head:
            end = self.head.find(b"\n") + 1
            if end:
                line, self.head = self.head[:end], self.head[end:]
                return line
            line, self.head = self.head, b""
            return line + self.raw.readline(limit)
        return self.raw.readline(limit)

    def read(self, n: int) -> bytes:
        if self.head:
            data, self.head = self.head[:n], self.head[n:]
            return data + (self.raw.read(n - len(data)) if len(data) < n else b"")
        return self.raw.read(n)
