"""Each seed game's rules page states every rule of our reading of the seed
(``../shared/rules/*.md``): the numbers, every name of the deck, and the sentence of each
rule, listed in ``rules_checklist.yaml``. A rule dropped from the page fails here."""
from __future__ import annotations

from pathlib import Path
import re

import pytest
from ruamel.yaml import YAML

import interpreter
from interpreter.authoring.explain import explain
from interpreter.language.card_names import in_language, names_in
from interpreter.language.translation import LANGUAGES, Translation

CHECKLIST = YAML(typ="safe").load((Path(__file__).parent / "rules_checklist.yaml").read_text(encoding="utf-8"))


def deck_names(name: str, language: str) -> list[str]:
    """Every name the rule file gives its deck, in one language."""
    cards = YAML(typ="safe").load(interpreter.resolve(name).read_text(encoding="utf-8"))["cards"]
    found = list(names_in(cards["suits"], language).values()) + list(names_in(cards["ranks"], language).values())
    for own in (cards.get("suit ranks") or {}).values():
        found += names_in(own, language).values()
    found += names_in(cards.get("extra"), language).values()
    found += names_in(cards.get("names"), language).values()
    return found


def number_in(number: object, page: str) -> bool:
    return re.search(rf"(?<![\d.]){re.escape(str(number))}(?![\d]|\.\d)", page) is not None


@pytest.mark.parametrize("name", sorted(CHECKLIST))
def test_the_english_page_states_every_rule_of_the_reading(name):
    page = " ".join(explain(interpreter.resolve(name)).split())
    facts = CHECKLIST[name]
    assert [n for n in facts["numbers"] if not number_in(n, page)] == []
    assert [word for word in deck_names(name, "en") if word not in page] == []
    assert [sentence for sentence in facts["en"] if " ".join(str(sentence).split()) not in page] == []


def own_words(name: str, key: str, language: str) -> str:
    """The rule file's own words for a key, as the page says them after their first use."""
    doc = YAML(typ="safe").load(interpreter.resolve(name).read_text(encoding="utf-8"))
    text = " ".join(in_language(doc["words"][key], language).split())
    return text[:text.rindex(" (")] if text.endswith(")") and " (" in text else text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(CHECKLIST))
def test_every_language_carries_every_number_name_sentence_and_phrase(name, language):
    page = " ".join(explain(interpreter.resolve(name), language=language).split())
    facts, t = CHECKLIST[name], Translation(language)
    assert [n for n in facts["numbers"] if not number_in(n, page)] == []
    assert [word for word in deck_names(name, language) if word not in page] == []
    assert [s for s in facts["templates"] if " ".join(t(s).split()) not in page] == []
    assert [key for key in facts["words"] if own_words(name, key, language) not in page] == []
    if language != "en":
        assert [s for s in facts["templates"] if t(s) == s] == [], "a template left in English"


def test_the_checklist_fails_a_page_that_drops_a_rule():
    page = " ".join(explain(interpreter.resolve("belote")).split())
    dropped = page.replace("Jacks 20, Nines 14", "")
    assert "In the trump suit, in place of these: Jacks 20, Nines 14." in CHECKLIST["belote"]["en"]
    assert not number_in(14, dropped) and number_in(14, page)
    assert number_in(4.5, "Kings 4.5,") and not number_in(4, "Kings 4.5,") and not number_in(5, "Kings 4.5,")
