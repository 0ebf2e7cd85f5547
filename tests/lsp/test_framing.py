"""The language server never loses the editor: after a header it cannot read or a length it
will not allocate, it reads on from the next well-framed message (interpreter/lsp/framing.py)."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from interpreter.lsp.framing import FramedInput

ROOT = Path(__file__).resolve().parents[2]
SERVER = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); from cli import main; main(['lsp'])"]


def frame(body: bytes, length: object = None) -> bytes:
    return b"Content-Length: %s\r\n\r\n" % str(len(body) if length is None else length).encode() + body


def request(n: int, method: str, params: dict) -> bytes:
    return frame(json.dumps({"jsonrpc": "2.0", "id": n, "method": method, "params": params}).encode())


def messages(reader: FramedInput) -> list[bytes]:
    """What pygls reads: header lines, a blank line, then the body of the length given."""
    out = []
    while line := reader.readline():
        if line.startswith(b"Content-Length:"):
            length = int(line.split(b":")[1])
            assert reader.readline() == b"\r\n"
            out.append(reader.read(length))
    return out


def test_a_bad_length_and_a_huge_one_are_read_past():
    good = b'{"jsonrpc": "2.0", "method": "initialized", "params": {}}'
    stream = (frame(b'{"id": 1}', "abc") + frame(good) + frame(b"z" * 300_000, 100_000_000_000) + frame(good)
              + frame(b"", "") + frame(good))
    reader = FramedInput(io.BytesIO(stream))
    assert messages(reader) == [good, good, good] and reader.dropped == 3


def test_the_server_answers_after_a_header_it_cannot_read():
    initialize = request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    broken = b"Content-Length: abc\r\n\r\n" + b'{"jsonrpc": "2.0", "id": 7, "method": "x"}'
    huge = b"Content-Length: 100000000000\r\n\r\n" + b"{" * 1000
    shutdown = request(2, "shutdown", None) + frame(b'{"jsonrpc": "2.0", "method": "exit"}')
    done = subprocess.run(SERVER, input=broken + huge + initialize + shutdown, capture_output=True, timeout=60)
    answers = [json.loads(part.split(b"\r\n\r\n", 1)[1]) for part in done.stdout.split(b"Content-Length")[1:]]
    assert [a.get("id") for a in answers if "id" in a] == [1, 2]
    assert "capabilities" in answers[0]["result"] and b"MemoryError" not in done.stderr


def test_every_request_gets_an_answer():
    """A request with params outside the protocol (line -1, line 2**31) gets -32602; one about a
    document neither open nor on disk is read as empty. Before, the first two got none at
    all (the editor waited for ever) and the third an internal error with a traceback."""
    uri = "file:///tmp/atout-open.yaml"
    at = {"textDocument": {"uri": uri}}
    sent = (request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
            + frame(json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": uri, "languageId": "yaml", "version": 1, "text": "game: X\n"}}}).encode())
            + request(3, "textDocument/hover", at | {"position": {"line": -1, "character": 0}})
            + request(4, "textDocument/hover", at | {"position": {"line": 2**31, "character": 0}})
            + request(5, "textDocument/completion", {"textDocument": {"uri": "file:///nowhere/at/all.yaml"},
                                                     "position": {"line": 0, "character": 0}})
            + request(2, "shutdown", None) + frame(b'{"jsonrpc": "2.0", "method": "exit"}'))
    done = subprocess.run(SERVER, input=sent, capture_output=True, timeout=60)
    answers = {a["id"]: a for a in (json.loads(p.split(b"\r\n\r\n", 1)[1]) for p in done.stdout.split(b"Content-Length")[1:])
               if "id" in a}
    assert sorted(answers) == [1, 2, 3, 4, 5]
    assert answers[3]["error"]["code"] == answers[4]["error"]["code"] == -32602
    assert "error" not in answers[5] and "items" in answers[5]["result"]     # the keys of an empty file


def test_columns_go_from_characters_to_utf16_units_and_back():
    from interpreter.lsp.server import Columns

    columns = Columns("a😀b𝄞c\nplain")
    assert [columns.units(0, k) for k in range(6)] == [0, 1, 3, 4, 6, 7]
    assert [columns.characters(0, u) for u in (0, 1, 3, 4, 6, 7)] == [0, 1, 2, 3, 4, 5]
    assert columns.units(1, 3) == 3 == columns.characters(1, 3) and columns.units(9, 2) == 2
