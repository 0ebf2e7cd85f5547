"""Every bundled game's rules page, in each of its variants, reads as plain words: no ``let``,
no snake_case identifier, no parenthesis inside another, and no pile a player never sees."""
from __future__ import annotations

import re

import pytest
from ruamel.yaml import YAML

import interpreter
from interpreter.authoring.explain import explain, explain_html
from interpreter.language.card_names import in_language
from interpreter.language.translation import LANGUAGES, Translation
from interpreter.language.wording import hidden_piles

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
NESTED = re.compile(r"\([^()]*\(")


def pages():
    for path in interpreter.bundled_games():
        doc = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        for variant in [None, *(doc.get("variants") or {})]:
            yield pytest.param(path, variant, doc, id=f"{path.stem}-{variant or 'base'}")


def faults(page: str, doc: dict, language: str = "en") -> list[str]:
    """What a player should never read. ``let`` is the rule language's English word (in Danish
    it is an everyday one), so only the English page is searched for it; a term left untranslated
    in another language is caught by the checklist (test_rules_checklist.py)."""
    found = [f"let: {m.group(0)!r}" for m in re.finditer(r"\blet\b", page, re.IGNORECASE) if language == "en"]
    found += [f"snake_case: {m.group(0)!r}" for m in SNAKE.finditer(page)]
    found += [f"nested parentheses: {page[max(0, m.start() - 30):m.end() + 30]!r}" for m in NESTED.finditer(page)]
    found += [f"hidden pile: {pile!r}" for pile in hidden_piles(doc)
              if re.search(rf"\b{re.escape(pile.replace('_', ' '))}\b", page)]
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path, variant, doc", list(pages()))
def test_a_bundled_page_reads_as_plain_words(path, variant, doc, language):
    page = explain(path, variant, language)
    assert faults(page, doc, language) == []
    assert page.splitlines()[0].startswith(in_language(doc["game"], language))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_ranking_is_one_sentence_however_a_language_names_its_cards(language):
    """Danish says "Spar Dame", suit first: the ranks of each suit are still read by their codes,
    so the four suits that rank alike share one sentence."""
    head = Translation(language)("In each suit the cards rank, highest first: {ranks}.", ranks="\0").split("\0")[0]
    page = explain(interpreter.resolve("belote"), None, language)
    assert page.count(head) == 1


def test_the_check_finds_each_fault():
    doc = {"piles": {"widow": {"seen by": "nobody"}}, "deal": "2 each, rest to widow"}
    assert hidden_piles(doc) == {"widow"}
    assert len(faults("Let x be 1; the closed_points; (a (b) c); the widow gets it", doc)) == 4
    assert faults("Played (once) and (twice); the outlet", doc) == []


def test_the_html_page_carries_the_same_sections():
    html = explain_html(interpreter.resolve("belote"))
    assert html.count("<h2>") == 8 and "<ol>" in html
    assert "<li>when a trump was led: play a card of the suit led that beats the card winning the trick, if you " \
           "can; otherwise</li>" in html


def test_every_way_to_break_a_tie_between_melds_has_words():
    from interpreter.authoring.rules_page import TIE_WORDS
    from interpreter.engine.melds import TIES

    assert TIE_WORDS.keys() == TIES.keys()
