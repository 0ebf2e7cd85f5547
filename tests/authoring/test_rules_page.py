"""Every bundled game's rules page, in each of its variants, reads as plain words: no ``let``,
no snake_case identifier, no parenthesis inside another, and no pile a player never sees."""
from __future__ import annotations

import re

import pytest
from ruamel.yaml import YAML

import interpreter
from interpreter.authoring.explain import explain, explain_html
from interpreter.language.wording import hidden_piles

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
NESTED = re.compile(r"\([^()]*\(")


def pages():
    for path in interpreter.bundled_games():
        doc = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        for variant in [None, *(doc.get("variants") or {})]:
            yield pytest.param(path, variant, doc, id=f"{path.stem}-{variant or 'base'}")


def faults(page: str, doc: dict) -> list[str]:
    found = [f"let: {m.group(0)!r}" for m in re.finditer(r"\blet\b", page, re.IGNORECASE)]
    found += [f"snake_case: {m.group(0)!r}" for m in SNAKE.finditer(page)]
    found += [f"nested parentheses: {page[max(0, m.start() - 30):m.end() + 30]!r}" for m in NESTED.finditer(page)]
    found += [f"hidden pile: {pile!r}" for pile in hidden_piles(doc)
              if re.search(rf"\b{re.escape(pile.replace('_', ' '))}\b", page)]
    return found


@pytest.mark.parametrize("path, variant, doc", pages())
def test_a_bundled_page_reads_as_plain_words(path, variant, doc):
    page = explain(path, variant)
    assert faults(page, doc) == []
    assert page.splitlines()[0].startswith(doc["game"])


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
