"""``atout lsp``: a Language Server (pygls, over stdio) for rule files.

Diagnostics are every problem ``atout validate`` finds, checked from the editor's buffer
a moment after the last keystroke; completion, hover, go to definition, references and
the outline read the same analysis (index.py).
"""
from __future__ import annotations

import asyncio
import re
from urllib.parse import unquote, urlparse

from typing import Any

from lsprotocol import types as t
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol

from ..errors import Problem
from ..language.rule_strings import schema, sub_schema
from .framing import FramedInput
from .index import BOUND_NAMES, KEYWORDS, Index, Span, analyse, builtins, card_words, signature, word_at

DEBOUNCE_SECONDS = 0.3
_KEY_LINE = re.compile(r"^(\s*)(-\s+)?(\"[^\"]*\"|'[^']*'|[^\s#:\"'][^#:]*?)\s*:(\s|$)")
_KINDS = {"let": t.CompletionItemKind.Variable, "function": t.CompletionItemKind.Function,
          "pile": t.CompletionItemKind.Field, "mark": t.CompletionItemKind.Property,
          "counter": t.CompletionItemKind.Function, "call": t.CompletionItemKind.Event}
_SYMBOLS = {"let": t.SymbolKind.Variable, "function": t.SymbolKind.Function, "pile": t.SymbolKind.Field,
            "mark": t.SymbolKind.Property, "counter": t.SymbolKind.Function, "call": t.SymbolKind.Event}


class AnsweringProtocol(LanguageServerProtocol):
    """pygls's protocol, but a request whose params do not fit the protocol (a line of -1 or
    2**31) is answered with JSON-RPC's -32602, not left unanswered: an editor waits for every
    answer."""

    def structure_message(self, data: dict[str, Any]):
        try:
            return super().structure_message(data)
        except JsonRpcException:
            if "jsonrpc" in data and "id" in data and "method" in data:
                self._send_response(data["id"], error=JsonRpcInvalidParams(
                    f"the params of {data['method']} do not fit the protocol").to_response_error())
                return None
            raise

    def handle_message(self, message: Any) -> None:
        if message is not None:             # None: a request already answered as invalid
            super().handle_message(message)


class RuleFileServer(LanguageServer):
    """Keeps one analysis per open document, and the last one whose YAML parsed."""

    def __init__(self) -> None:
        super().__init__("atout", "0.1.0", text_document_sync_kind=t.TextDocumentSyncKind.Full,
                         protocol_cls=AnsweringProtocol)
        self.indexes: dict[str, Index] = {}
        self.parsed: dict[str, Index] = {}
        self.pending: dict[str, asyncio.Task] = {}

    def index(self, uri: str) -> Index:
        """The analysis of the buffer as it is now (made at once if the buffer changed since)."""
        text = self.text(uri)
        known = self.indexes.get(uri)
        if known is None or known.text != text:
            known = self.remember(uri, analyse(text, path_of(uri)))
        return known

    def names(self, uri: str) -> Index:
        """The analysis to take names from: the buffer's, or the last one whose YAML parsed."""
        index = self.index(uri)
        return index if index.source is not None else self.parsed.get(uri, index)

    def beyond(self, uri: str, position: t.Position) -> bool:
        """A position past the end of the buffer (an editor may ask there): nothing is there."""
        return position.line >= self.text(uri).count("\n") + 1

    def text(self, uri: str) -> str:
        """The buffer the editor opened; else the file on disk; else nothing (a document asked
        about that is neither open nor readable has no text, not an internal error)."""
        try:
            return self.workspace.get_text_document(uri).source
        except (OSError, UnicodeDecodeError, ValueError):
            return ""

    def remember(self, uri: str, index: Index) -> Index:
        self.indexes[uri] = index
        if index.source is not None:
            self.parsed[uri] = index
        return index

    def publish(self, uri: str) -> None:
        index = self.index(uri)
        path = path_of(uri)
        columns = Columns(index.text)
        diagnostics = [diagnostic(p, columns) for p in index.problems if p.path == path]
        self.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))

    def schedule(self, uri: str) -> None:
        """Check the buffer once typing pauses: each change restarts the wait."""
        if uri in self.pending:
            self.pending[uri].cancel()

        async def later() -> None:
            await asyncio.sleep(DEBOUNCE_SECONDS)
            self.pending.pop(uri, None)
            self.publish(uri)
        self.pending[uri] = asyncio.ensure_future(later())


def path_of(uri: str) -> str:
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


class Columns:
    """Columns as the protocol counts them (UTF-16 code units, the encoding the server
    announces) and as the analysis does (characters): they differ after a character outside
    the Basic Multilingual Plane, which takes two units."""

    def __init__(self, text: str):
        self.lines = text.split("\n")

    def _row(self, line: int) -> str:
        return self.lines[line] if 0 <= line < len(self.lines) else ""

    def units(self, line: int, column: int) -> int:
        return column + sum(ord(ch) > 0xFFFF for ch in self._row(line)[:column])

    def characters(self, line: int, units: int) -> int:
        counted = 0
        for i, ch in enumerate(self._row(line)):
            if counted >= units:
                return i
            counted += 2 if ord(ch) > 0xFFFF else 1
        return len(self._row(line)) + max(0, units - counted)

    def position(self, line: int, column: int) -> t.Position:
        return t.Position(line=line, character=self.units(line, column))


def diagnostic(problem: Problem, columns: Columns) -> t.Diagnostic:
    """A problem as the editor shows it: its exact range, the hint after the message."""
    line, column = max(problem.line - 1, 0), max(problem.column - 1, 0)
    message = problem.message + (f"\nhint: {problem.hint}" if problem.hint else "")
    severity = t.DiagnosticSeverity.Warning if problem.warning else t.DiagnosticSeverity.Error
    return t.Diagnostic(range=t.Range(start=columns.position(line, column),
                                      end=columns.position(line, column + max(problem.width, 1))),
                        message=message, severity=severity, source="atout")


def to_range(span: Span, columns: Columns) -> t.Range:
    return t.Range(start=columns.position(span.line, span.column), end=columns.position(span.end_line, span.end_column))


def _at(ls: RuleFileServer, uri: str, position: t.Position) -> tuple[int, int]:
    """An editor's position as the analysis counts it: (line, character)."""
    return position.line, Columns(ls.text(uri)).characters(position.line, position.character)


def schema_path(lines: list[str], line: int, column: int) -> tuple[list[str], str | None]:
    """The keys (and '[]' for list items) enclosing ``line`` (on a blank line, a key written at
    ``column``), found by indentation so that it works on a buffer that does not parse; and
    the key written on ``line`` itself."""
    current = lines[line] if line < len(lines) else ""
    own = _KEY_LINE.match(current)
    limit = len(current) - len(current.lstrip()) if current.strip() else column
    path: list[str] = ["[]"] if own is not None and own.group(2) else []    # '- key:' opens a list item
    for row in range(line - 1, -1, -1):
        text = lines[row]
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        match = _KEY_LINE.match(text)
        indent = len(text) - len(text.lstrip())
        if match is None:
            if text.lstrip().startswith("- ") and indent < limit:
                path.append("[]")
                limit = indent
            continue
        key_column = match.end(2) if match.group(2) else indent
        if key_column < limit:
            path.append(match.group(3).strip("\"'"))
            limit = key_column
        if match.group(2) and indent < limit:
            path.append("[]")
            limit = indent
        if limit == 0:
            break
    return list(reversed(path)), own.group(3).strip("\"'") if own else None


def schema_node(path: list[str]) -> dict:
    node = schema()
    for key in path:
        if key == "[]":
            node = node.get("items", {}) if isinstance(node.get("items"), dict) else {}
        else:
            node = sub_schema(node, key)
    return node


def _in_key(line: str, column: int) -> bool:
    match = _KEY_LINE.match(line)
    return match is not None and column <= match.end(3)


def complete(server: RuleFileServer, uri: str, line: int, column: int) -> list[t.CompletionItem]:
    """Keys where a key goes; elsewhere the words of the rule language this file knows."""
    lines = server.text(uri).split("\n")
    text = lines[line][:column] if line < len(lines) else ""
    path, own = schema_path(lines, line, column)
    node = schema_node(path)
    if ":" not in text and not text.strip().startswith("- ") and node.get("properties") \
            and re.fullmatch(r"\s*[\w ]*", text):
        index = server.names(uri)
        present = set(map(str, index.source.data)) if not path and index.source is not None \
            and hasattr(index.source.data, "keys") else set()
        return [t.CompletionItem(label=key, kind=t.CompletionItemKind.Module if not path else t.CompletionItemKind.Field,
                                 detail=sub.get("title"), documentation=sub.get("description"),
                                 insert_text=f"{key}: ")
                for key, sub in node["properties"].items() if key not in present]
    if own is not None and ":" in text:
        enum = sub_schema(node, own).get("enum")
        if enum:
            return [t.CompletionItem(label=str(v), kind=t.CompletionItemKind.EnumMember) for v in enum]
    word = re.search(r"[A-Za-z0-9_.]*$", text).group()
    return _expression_items(server.names(uri), word)


def _expression_items(index: Index, word: str) -> list[t.CompletionItem]:
    codes = word[:1].isupper() or word[:1].isdigit()
    names = not word or not codes
    items: list[t.CompletionItem] = []
    if names:
        for name, builtin in builtins().items():
            kind = t.CompletionItemKind.Function if builtin.params is not None else t.CompletionItemKind.Constant
            items.append(t.CompletionItem(label=name, kind=kind, detail=signature(name, builtin),
                                          documentation=f"{builtin.english}\n\nExample: {builtin.example}"))
        for definition in index.definitions.values():
            items.append(t.CompletionItem(label=definition.name, kind=_KINDS[definition.kind], detail=definition.detail))
        items += [t.CompletionItem(label=name, kind=t.CompletionItemKind.Variable, detail=why)
                  for name, why in BOUND_NAMES.items() if name not in index.definitions]
        items += [t.CompletionItem(label=k, kind=t.CompletionItemKind.Keyword) for k in KEYWORDS]
    deck = index.deck
    if deck is not None and (codes or not word):
        items += [t.CompletionItem(label=code, kind=t.CompletionItemKind.EnumMember, detail=name)
                  for code, name in zip(deck.codes, deck.names)]
        items += [t.CompletionItem(label=code, kind=t.CompletionItemKind.EnumMember, detail="a rank")
                  for code in deck.rank_masks]
        items += [t.CompletionItem(label=code, kind=t.CompletionItemKind.EnumMember, detail=f"the suit {name}")
                  for code, name in zip(deck.suit_codes, deck.suit_names)]
    return items


def hover_text(server: RuleFileServer, uri: str, line: int, column: int) -> str | None:
    """What a word means: a section key's description, a built-in's English and example,
    a let's definition and type, a card code's name and place in the order."""
    index = server.names(uri)
    lines = server.text(uri).split("\n")
    found = word_at("\n".join(lines), line, column)
    if found is None:
        return None
    word, span = found
    definition = index.definition_at(line, column)
    if definition is not None:
        kinds = {name: kind for name, kind, _ in index.game.lets} if index.game is not None else {}
        typed = f" (a {kinds[definition.name]})" if definition.name in kinds else ""
        return f"**{definition.name}**: {definition.kind}{typed}\n\n```\n{definition.detail}\n```"
    if _in_key(lines[line], column):
        path, own = schema_path(lines, line, column)
        node = sub_schema(schema_node(path), own or word)
        if node.get("description"):
            return f"**{node.get('title', own)}**\n\n{node['description']}"
        return None
    in_rule = index.source is None or span in index.uses.get(word, [])
    if not in_rule:
        return None
    if word in builtins():
        builtin = builtins()[word]
        return f"**{signature(word, builtin)}**\n\n{builtin.english}\n\nExample: `{builtin.example}`"
    if word in BOUND_NAMES:
        return f"**{word}**: {BOUND_NAMES[word]}"
    return card_words(index, word)


def build() -> RuleFileServer:
    server = RuleFileServer()

    @server.feature(t.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RuleFileServer, params: t.DidOpenTextDocumentParams) -> None:
        ls.publish(params.text_document.uri)

    @server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RuleFileServer, params: t.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(t.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RuleFileServer, params: t.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(t.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RuleFileServer, params: t.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        for table in (ls.indexes, ls.parsed):
            table.pop(uri, None)
        if uri in ls.pending:
            ls.pending.pop(uri).cancel()
        ls.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=["(", " "]))
    def completion(ls: RuleFileServer, params: t.CompletionParams) -> t.CompletionList:
        if ls.beyond(params.text_document.uri, params.position):
            return t.CompletionList(is_incomplete=False, items=[])
        items = complete(ls, params.text_document.uri, *_at(ls, params.text_document.uri, params.position))
        return t.CompletionList(is_incomplete=False, items=items)

    @server.feature(t.TEXT_DOCUMENT_HOVER)
    def hover(ls: RuleFileServer, params: t.HoverParams) -> t.Hover | None:
        if ls.beyond(params.text_document.uri, params.position):
            return None
        text = hover_text(ls, params.text_document.uri, *_at(ls, params.text_document.uri, params.position))
        if text is None:
            return None
        return t.Hover(contents=t.MarkupContent(kind=t.MarkupKind.Markdown, value=text))

    @server.feature(t.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: RuleFileServer, params: t.DefinitionParams) -> t.Location | None:
        uri = params.text_document.uri
        if ls.beyond(uri, params.position):
            return None
        found = ls.names(uri).definition_at(*_at(ls, uri, params.position))
        return t.Location(uri=uri, range=to_range(found.span, Columns(ls.text(uri)))) if found else None

    @server.feature(t.TEXT_DOCUMENT_REFERENCES)
    def references(ls: RuleFileServer, params: t.ReferenceParams) -> list[t.Location]:
        uri = params.text_document.uri
        if ls.beyond(uri, params.position):
            return []
        index = ls.names(uri)
        found = index.definition_at(*_at(ls, uri, params.position))
        if found is None:
            return []
        spans = index.references(found.name)
        if not params.context.include_declaration:
            spans = [s for s in spans if s != found.span]
        columns = Columns(ls.text(uri))
        return [t.Location(uri=uri, range=to_range(s, columns)) for s in spans]

    @server.feature(t.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: RuleFileServer, params: t.DocumentSymbolParams) -> list[t.DocumentSymbol]:
        return document_symbols(ls.names(params.text_document.uri))

    return server


def document_symbols(index: Index) -> list[t.DocumentSymbol]:
    """The outline: each section, with the names it defines beneath it."""
    source = index.source
    if source is None or not hasattr(source.data, "keys"):
        return []
    columns = Columns(index.text)
    keys = [str(k) for k in source.data]
    starts = [source.locate((k,), key=True)[0] - 1 for k in source.data]
    ends = starts[1:] + [len(source.lines)]
    sections = []
    for key, start, end in zip(keys, starts, ends):
        end = max(start, end - 1)
        children = [t.DocumentSymbol(name=d.name, kind=_SYMBOLS[d.kind], detail=d.kind, range=to_range(d.span, columns),
                                     selection_range=to_range(d.span, columns))
                    for d in index.definitions.values() if start <= d.span.line <= end]
        whole = t.Range(start=t.Position(line=start, character=0),
                        end=columns.position(end, len(source.line_text(end + 1))))
        head = t.Range(start=t.Position(line=start, character=0), end=columns.position(start, len(key)))
        sections.append(t.DocumentSymbol(name=key, kind=t.SymbolKind.Namespace, range=whole, selection_range=head,
                                         children=children))
    return sections


def serve() -> None:
    """Serve over stdin and stdout until the editor says goodbye; only well-framed messages
    reach pygls (framing.py)."""
    import sys

    build().start_io(stdin=FramedInput(sys.stdin.buffer))

