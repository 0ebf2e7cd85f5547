"""Names of suits, ranks and cards given in several languages (``K: {en: King, fr: Roi}``):
every English page reads the English names, a name without English reads its first, and a
language code that is not one is refused with its place in the file."""
from __future__ import annotations

from helpers import FOLLOW_FROM_SEAT_0, TRICKS_TO_EACH_SEAT, problem_details, tiny
from interpreter.language.card_names import in_language, names_in

NAMED = """\
game: Named
players: 2
cards:
  suits: {S: {en: Spades, fr: Pique}, H: {fr: Cœur, de: Herz}}
  ranks: {K: {en: King, fr: Roi}, Q: Queen}
  extra: {X: {de: Narr, en: Fool}}
  names: {KS: {fr: Roi de pique}}
order: K > Q > X
deal: 2 each, rest to unused
piles:
  unused: {seen by: nobody}
""" + FOLLOW_FROM_SEAT_0 + TRICKS_TO_EACH_SEAT


def test_a_name_in_several_languages_reads_in_english_else_its_first():
    assert in_language({"fr": "Roi", "en": "King"}) == "King"
    assert in_language({"fr": "Roi", "en": "King"}, "fr") == "Roi"
    assert in_language({"fr": "Cœur", "de": "Herz"}) == "Cœur"
    assert in_language({"fr": "Cœur", "de": "Herz"}, "de") == "Herz"
    assert in_language("Queen", "fr") == "Queen"
    assert names_in({2: "Two", "K": {"en": "King"}}) == {"2": "Two", "K": "King"}


def test_the_deck_names_its_cards_in_one_language(tmp_path):
    deck = tiny(tmp_path, NAMED).deck
    assert list(deck.suit_names) == ["Spades", "Cœur"]
    names = dict(zip(deck.codes, deck.names))
    assert names == {"KS": "Roi de pique", "QS": "Queen of Spades", "KH": "King of Cœur", "QH": "Queen of Cœur",
                     "X": "Fool"}


def test_a_language_code_that_is_not_one_is_refused_where_it_stands(tmp_path):
    found = problem_details(tmp_path, NAMED.replace("{en: King, fr: Roi}", "{english: King}"))
    assert found == [(5, 15, "'english' is not a valid key here", "a name in several languages is keyed by language "
                      "codes (en, fr, de, da, …), as in {en: <name>, fr: <nom>}")]
