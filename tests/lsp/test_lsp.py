"""`atout lsp` driven by a real LSP client (pytest-lsp) over stdio, on the bundled games."""
from __future__ import annotations

from pathlib import Path
import sys

import pytest

pytest_lsp = pytest.importorskip("pytest_lsp")
from lsprotocol import types as t  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402

import interpreter  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "games"
SERVER = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); from cli import main; main(['lsp'])"]
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(t.InitializeParams(capabilities=client_capabilities("neovim")))
    yield
    await lsp_client.shutdown_session()


def _open(client: LanguageClient, path: Path, text: str | None = None) -> str:
    uri = path.resolve().as_uri()
    client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=t.TextDocumentItem(
        uri=uri, language_id="yaml", version=1, text=path.read_text(encoding="utf-8") if text is None else text)))
    return uri


async def _diagnostics(client: LanguageClient, uri: str) -> list[t.Diagnostic]:
    while uri not in client.diagnostics:
        await client.wait_for_notification(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[uri])


def _where(text: str, line_holding: str, word: str, nth: int = 0) -> t.Position:
    """The position of ``word`` on the first line holding ``line_holding``."""
    lines = text.split("\n")
    row = next(i for i, line in enumerate(lines) if line_holding in line)
    column = -1
    for _ in range(nth + 1):
        column = lines[row].index(word, column + 1)
    return t.Position(line=row, character=column)


async def test_diagnostics_of_a_broken_buffer_at_their_ranges(client: LanguageClient, tmp_path: Path) -> None:
    """The buffer is checked, not the file: an unknown code inside an expression is
    reported at its own range, with the hint."""
    text = (GAMES / "whist.yaml").read_text(encoding="utf-8").replace("(A or K or Q or J)", "(A or K or Q or Z)")
    path = tmp_path / "whist.yaml"
    path.write_text("unread: the server reads the buffer, not this\n", encoding="utf-8")
    uri = _open(client, path, text)
    found = await _diagnostics(client, uri)
    at = _where(text, "honour_cards: trumps", "Z")
    assert [(d.range.start, d.range.end, d.severity) for d in found] == \
        [(at, t.Position(line=at.line, character=at.character + 1), t.DiagnosticSeverity.Error)]
    assert found[0].message.startswith("unknown card, rank or suit 'Z'\nhint: cards are written rank then suit")
    assert found[0].source == "atout"


async def test_diagnostics_are_those_of_validate(client: LanguageClient) -> None:
    """On files of the broken corpus the editor shows exactly what 'atout validate' reports."""
    for name in ("deal_unknown_pile.yaml", "follow_list_syntax.yaml", "duplicate_key.yaml"):
        path = ROOT / "tests" / "broken" / name
        uri = _open(client, path)
        found = await _diagnostics(client, uri)
        problems, _ = interpreter.problems_in(path.resolve())
        assert problems
        assert [(d.range.start.line + 1, d.range.start.character + 1, d.range.end.character - d.range.start.character,
                 d.message) for d in found] == \
            [(p.line, p.column, p.width, p.message + (f"\nhint: {p.hint}" if p.hint else "")) for p in problems]


async def test_a_sound_file_has_no_diagnostics(client: LanguageClient) -> None:
    uri = _open(client, GAMES / "belote.yaml")
    assert await _diagnostics(client, uri) == []


async def test_completion_inside_an_expression(client: LanguageClient) -> None:
    text = (GAMES / "whist.yaml").read_text(encoding="utf-8")
    uri = _open(client, GAMES / "whist.yaml")
    at = _where(text, "  lead: next(dealer)", "dealer")
    at.character += 2  # typing 'de'
    result = await client.text_document_completion_async(t.CompletionParams(
        text_document=t.TextDocumentIdentifier(uri=uri), position=at))
    items = {item.label: item for item in result.items}
    assert items["dealer"].detail == "dealer → seat"
    assert items["count"].detail == "count(set) → num"
    assert items["count"].documentation == "how many cards are in a set\n\nExample: count(hand and trumps) > 0"
    assert items["honour_cards"].detail == "honour_cards: trumps and (A or K or Q or J)"
    assert items["honour_points"].kind == t.CompletionItemKind.Function
    assert items["turnup"].kind == t.CompletionItemKind.Field
    assert "QH" not in items  # a lower-case word is not a card code
    # a capital starts a card, rank or suit code of this file
    at = _where(text, "honour_cards: trumps", "K")
    at.character += 1  # typing 'K'
    result = await client.text_document_completion_async(t.CompletionParams(
        text_document=t.TextDocumentIdentifier(uri=uri), position=at))
    codes = {item.label: item.detail for item in result.items}
    assert codes["QH"] == "Queen of Hearts" and codes["H"] == "the suit Hearts" and "count" not in codes


async def test_completion_of_keys(client: LanguageClient) -> None:
    text = (GAMES / "whist.yaml").read_text(encoding="utf-8").replace("\nfacts:", "\n  \nfacts:")
    uri = _open(client, Path("/tmp/atout-keys/whist.yaml"), text)
    row = text.split("\n").index("  ")
    result = await client.text_document_completion_async(t.CompletionParams(
        text_document=t.TextDocumentIdentifier(uri=uri), position=t.Position(line=row, character=2)))
    labels = [item.label for item in result.items]
    assert {"lead", "follow", "trump", "draw", "ends when"} <= set(labels) and "game" not in labels
    at = _where(text, "  winner: highest of led suit", "highest")
    result = await client.text_document_completion_async(t.CompletionParams(
        text_document=t.TextDocumentIdentifier(uri=uri), position=at))
    assert "highest of led suit" in [item.label for item in result.items]


async def _hover(client: LanguageClient, uri: str, at: t.Position) -> str | None:
    result = await client.text_document_hover_async(t.HoverParams(
        text_document=t.TextDocumentIdentifier(uri=uri), position=at))
    return None if result is None else result.contents.value


async def test_hover_on_a_builtin_a_let_and_a_section(client: LanguageClient) -> None:
    text = (GAMES / "whist.yaml").read_text(encoding="utf-8")
    uri = _open(client, GAMES / "whist.yaml")
    assert await _hover(client, uri, _where(text, "  lead: next(dealer)", "next")) == \
        "**next(seat) → seat**\n\nthe next player in the direction of play\n\nExample: `next(dealer)`"
    assert await _hover(client, uri, _where(text, "count(honour_cards and (dealt(seat(0))", "honour_cards")) == \
        "**honour_cards**: let (a set)\n\n```\nhonour_cards: trumps and (A or K or Q or J)\n```"
    assert (await _hover(client, uri, _where(text, "match:", "match"))).startswith("**The match**\n\nHow deals make")
    shown = await _hover(client, uri, _where(text, "North-South honours: honours(team(seat(0)))", "honours(team"))
    assert shown is not None and shown.startswith("**honours**: function")   # a fact's value is rule language
    assert shown == await _hover(client, uri, _where(text, "(4 if honours(team) = 4", "honours"))
    assert (await _hover(client, uri, _where(text, "facts:", "facts"))).startswith("**Values shown to players**")
    assert await _hover(client, uri, _where(text, "direction: clockwise", "deal")) is None  # a comment


async def test_hover_on_a_card_code(client: LanguageClient) -> None:
    text = (GAMES / "french-tarot.yaml").read_text(encoding="utf-8")
    uri = _open(client, GAMES / "french-tarot.yaml")
    assert await _hover(client, uri, _where(text, "cards: hand except (K or 1T", "21T")) == \
        "**21T**: Monde (21 of trumps)\n\nplace 1 of 26 (highest first) in 'order'"
    assert await _hover(client, uri, _where(text, "cards: hand except (K or 1T", "K")) == \
        "**K**: a rank, the cards KS, KH, KD, KC\n\nplace 12 of 26 (highest first) in 'order'"


async def test_definition_and_references_of_a_let(client: LanguageClient) -> None:
    text = (GAMES / "whist.yaml").read_text(encoding="utf-8")
    uri = _open(client, GAMES / "whist.yaml")
    use = _where(text, "      points: honour_points(it)", "honour_points")
    found = await client.text_document_definition_async(t.DefinitionParams(
        text_document=t.TextDocumentIdentifier(uri=uri), position=use))
    key = _where(text, '"honour_points(team)": >-', "honour_points")
    assert found == t.Location(uri=uri, range=t.Range(start=key, end=t.Position(line=key.line, character=key.character + 13)))
    refs = await client.text_document_references_async(t.ReferenceParams(
        text_document=t.TextDocumentIdentifier(uri=uri), position=use,
        context=t.ReferenceContext(include_declaration=True)))
    assert [r.range.start for r in refs] == [
        key, _where(text, "then: standing(it) + trick_points(it) + honour_points(it)", "honour_points"), use]


async def test_definition_of_a_pile(client: LanguageClient) -> None:
    text = (GAMES / "whist.yaml").read_text(encoding="utf-8")
    uri = _open(client, GAMES / "whist.yaml")
    found = await client.text_document_definition_async(t.DefinitionParams(
        text_document=t.TextDocumentIdentifier(uri=uri), position=_where(text, "then deal: show turnup", "turnup")))
    assert found.range.start == _where(text, "  turnup: {seen by: everyone}", "turnup")


async def test_document_symbols(client: LanguageClient) -> None:
    uri = _open(client, GAMES / "whist.yaml")
    symbols = await client.text_document_document_symbol_async(t.DocumentSymbolParams(
        text_document=t.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in symbols] == ["game", "about", "players", "direction", "teams", "cards", "piles", "order",
                                         "deal", "auction", "counters", "let", "play", "facts", "scoring", "match"]
    by_name = {s.name: s for s in symbols}
    assert [c.name for c in by_name["let"].children] == ["trick_points", "honour_cards", "honours", "game_by_tricks",
                                                         "honour_points"]
    assert [c.name for c in by_name["auction"].children] == ["turn up"]


async def test_hover_on_a_let_that_takes_a_built_ins_name_shows_the_let(client: LanguageClient, tmp_path: Path) -> None:
    """A let of a built-in's name shadows it (with a warning): hovering a use shows the let."""
    text = (GAMES / "whist.yaml").read_text(encoding="utf-8").replace("honour_cards", "trumps_held")
    text = text.replace("trumps_held: trumps and (A or K or Q or J)", "shown: trumps and (A or K or Q or J)")
    text = text.replace("trumps_held", "shown")
    path = tmp_path / "whist.yaml"
    uri = _open(client, path, text)
    found = await _diagnostics(client, uri)
    assert [(d.severity, d.message) for d in found] == [
        (t.DiagnosticSeverity.Warning, "'shown' is also a built-in: in this file the let takes its place\n"
                                       "hint: rename the let to use the built-in shown(takers) + shown(defenders)")]
    assert await _hover(client, uri, _where(text, "count(shown and (dealt(seat(0))", "shown")) == \
        "**shown**: let (a set)\n\n```\nshown: trumps and (A or K or Q or J)\n```"


async def test_hover_on_the_schedule_and_a_deal_that_reads_it(client: LanguageClient) -> None:
    """Oh Hell's changing hand size: 'scheduled' in the deal and the schedule key explain themselves."""
    text = (GAMES / "oh-hell.yaml").read_text(encoding="utf-8")
    uri = _open(client, GAMES / "oh-hell.yaml")
    assert (await _hover(client, uri, _where(text, "deal: (scheduled) x (1 each)", "scheduled"))).startswith(
        "**scheduled → num**\n\nthis deal's number in the match's schedule")
    assert (await _hover(client, uri, _where(text, "  schedule: [{from: 10", "schedule"))).startswith(
        "**Schedule**\n\nOne number for each deal of the match")
    assert await _diagnostics(client, uri) == []


async def test_hover_on_the_open_auction_and_the_dummy(client: LanguageClient) -> None:
    """Bridge's auction keys, the built-ins its scoring reads and the dummy explain themselves."""
    text = (GAMES / "bridge.yaml").read_text(encoding="utf-8")
    uri = _open(client, GAMES / "bridge.yaml")
    assert (await _hover(client, uri, _where(text, "  doubles: [double", "doubles"))).startswith(
        "**Doubling calls**\n\nNames of calls that double the standing call")
    assert (await _hover(client, uri, _where(text, "  taker: first of side", "taker"))).startswith(
        "**Who takes the contract**")
    assert (await _hover(client, uri, _where(text, "  level: call_number", "call_number"))).startswith(
        "**call_number → num**\n\nthe number the winning call named")
    assert (await _hover(client, uri, _where(text, "  dummy: {seat", "dummy"))).startswith("**Dummy**")
    assert await _diagnostics(client, uri) == []


async def test_hover_on_the_two_step_auction_and_the_called_ace(client: LanguageClient) -> None:
    """Schafkopf's auction keys and the built-ins its called Ace reads explain themselves."""
    text = (GAMES / "schafkopf.yaml").read_text(encoding="utf-8")
    uri = _open(client, GAMES / "schafkopf.yaml")
    assert (await _hover(client, uri, _where(text, "      leads to: next round", "leads to"))).startswith(
        "**What the round leads to**\n\n'the contract' (the default)")
    assert (await _hover(client, uri, _where(text, "    - who: bid(me) = 1", "who"))).startswith(
        "**Who speaks**\n\nRule language, a condition on 'me'")
    assert (await _hover(client, uri, _where(text, "  called_ace: (A and suit_cards", "suit_cards"))).startswith(
        "**suit_cards(suit) → set**\n\nthe cards of a suit")
    assert (await _hover(client, uri, _where(text, "  called_suit: suit_cards(call_suit)", "call_suit"))).startswith(
        "**call_suit → suit**\n\nthe suit the winning call named")
    assert await _diagnostics(client, uri) == []


async def test_hover_on_a_pass_that_is_final(client: LanguageClient) -> None:
    text = (GAMES / "pinochle.yaml").read_text(encoding="utf-8")
    uri = _open(client, GAMES / "pinochle.yaml")
    assert (await _hover(client, uri, _where(text, "      who passes: drops out", "who passes"))).startswith(
        "**After a pass**\n\nIn an open round")
    assert await _diagnostics(client, uri) == []


async def test_a_position_past_the_end_of_the_buffer_has_nothing(client: LanguageClient) -> None:
    text = (GAMES / "whist.yaml").read_text(encoding="utf-8")
    uri = _open(client, GAMES / "whist.yaml")
    past = t.Position(line=text.count("\n") + 3, character=4)
    document = t.TextDocumentIdentifier(uri=uri)
    completion = await client.text_document_completion_async(t.CompletionParams(text_document=document, position=past))
    assert not completion.items
    assert await _hover(client, uri, past) is None
    assert await client.text_document_definition_async(t.DefinitionParams(text_document=document, position=past)) is None
    assert not await client.text_document_references_async(t.ReferenceParams(
        text_document=document, position=past, context=t.ReferenceContext(include_declaration=True)))


async def test_ranges_count_utf16_units_after_a_character_outside_the_bmp(client: LanguageClient, tmp_path: Path) -> None:
    """The server announces UTF-16 positions: 😀 is one character and two units, so everything
    after it on its line sits one unit further than its character count."""
    text = (GAMES / "whist.yaml").read_text(encoding="utf-8").replace("game: Whist", "game: 😀 Whist: x")
    uri = _open(client, tmp_path / "emoji.yaml", text)
    [found] = await _diagnostics(client, uri)
    row = text.split("\n").index("game: 😀 Whist: x")
    line = text.split("\n")[row]
    units = len(line[:line.index(": x")].encode("utf-16-le")) // 2
    assert (found.range.start.line, found.range.start.character) == (row, units) == (row, line.index(": x") + 1)
