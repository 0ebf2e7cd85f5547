"""The catalogues: a language by the browser's preference, templates with named fields and
plural forms, and the compiled catalogues shipped beside their ``.po`` sources."""
from __future__ import annotations

import ast
import gettext
import io
import re

import pytest
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from interpreter.language.translation import (DOMAIN, LANGUAGES, LOCALE, Translation, best_language, language_name,
                                              translation)
from interpreter.web.table_text import table_templates

JS_KEYWORDS = {"T": None, "Tn": None, "P": (1, 2)}
"""The page's template calls, as docs/translating.md has pybabel extract them."""

FIELD = re.compile(r"\{[a-z]*\}")


@pytest.mark.parametrize("header, language", [
    (None, "en"), ("", "en"), ("da", "da"), ("da-DK,da;q=0.9,en;q=0.8", "da"), ("en;q=0.5, fi", "fi"),
    ("no", "nb"), ("nn-NO", "nb"), ("nb-NO", "nb"), ("ja, fr;q=0.5", "fr"), ("tr;q=0, de;q=0.1", "de"),
    ("fr;q=abc, de", "de"), ("zh, ja", "en"), ("DE-at", "de")])
def test_the_language_is_the_first_of_ours_the_browser_prefers(header, language):
    assert best_language(header) == language


def test_english_reads_the_templates_themselves():
    t = Translation("en")
    assert t("{who} leads the first trick; the winner of each trick leads the next.", who="The dealer") == \
        "The dealer leads the first trick; the winner of each trick leads the next."
    assert t.plural("{n} card", "{n} cards", 1) == "1 card" and t.plural("{n} card", "{n} cards", 5) == "5 cards"
    assert Translation("xx")("the dealer") == "the dealer"        # no catalogue: English


def catalogues():
    """Every catalogue written (a ``.po`` without its compiled ``.mo`` fails below)."""
    return [pytest.param(path.parent.parent.name, id=path.parent.parent.name)
            for path in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))]


@pytest.mark.parametrize("language", catalogues())
def test_every_template_is_translated_with_the_same_fields(language):
    path = LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    catalog = read_po(path.open(encoding="utf-8"))
    template = read_po((LOCALE / f"{DOMAIN}.pot").open(encoding="utf-8"))
    assert {m.id for m in catalog if m.id} == {m.id for m in template if m.id}, "run pybabel update (see docs)"
    faults = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(FIELD.findall(" ".join(ids))) - {"{}"}
        for text in strings:
            if not text or set(FIELD.findall(text)) - {"{}", "{0}"} != wanted or message.fuzzy:
                faults.append((ids[0], text))
    assert faults == []


@pytest.mark.parametrize("language", catalogues())
def test_a_translation_adds_no_parenthesis(language):
    """Templates fill each other's fields, so a parenthesis a translation adds nests inside
    another on some page: write "the points X won" as a phrase, not "points (X)"."""
    catalog = read_po((LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po").open(encoding="utf-8"))
    added = [(m.id, text) for m in catalog if m.id
             for text in (m.string if isinstance(m.string, tuple) else (m.string,))
             if text.count("(") > (m.id if isinstance(m.id, str) else m.id[0]).count("(")]
    assert added == []


@pytest.mark.parametrize("language", catalogues())
def test_the_shipped_catalogue_is_compiled_from_its_po_file(language):
    folder = LOCALE / language / "LC_MESSAGES"
    compiled = io.BytesIO()
    write_mo(compiled, read_po((folder / f"{DOMAIN}.po").open(encoding="utf-8")))
    compiled.seek(0)
    fresh = gettext.GNUTranslations(compiled)
    shipped = gettext.GNUTranslations((folder / f"{DOMAIN}.mo").open("rb"))
    stale = []
    for message in read_po((folder / f"{DOMAIN}.po").open(encoding="utf-8")):
        if isinstance(message.id, tuple):
            stale += [message.id[0] for n in (1, 2, 5, 21) if shipped.ngettext(*message.id, n) != fresh.ngettext(*message.id, n)]
        elif message.id and shipped.gettext(message.id) != fresh.gettext(message.id):
            stale.append(message.id)
    assert stale == [], f"recompile: pybabel compile -D atout -d interpreter/locale -l {language}"


def _templates_in(source: str) -> set:
    """Every literal template of a Python source: the first argument of ``t(...)`` and ``N_(...)``,
    the first two of ``plural(...)``, wherever the call stands (inside another call too)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            texts = node.args[:2] if name == "plural" else node.args[:1] if name in ("t", "N_") else []
            if texts and all(isinstance(x, ast.Constant) and isinstance(x.value, str) for x in texts):
                found.add(tuple(x.value for x in texts) if name == "plural" else texts[0].value)
    return found


def test_the_template_catalogue_holds_every_template_of_the_code():
    root = LOCALE.parent
    mapped = re.findall(r"^\[python: (.+)\]$", (LOCALE / "babel.cfg").read_text(encoding="utf-8"), re.M)
    found = set().union(*(_templates_in((root / path).read_text(encoding="utf-8")) for path in mapped))
    assert "{name}, the {card}" in found      # a template inside another call's fields counts too
    plain, counted = table_templates()
    found |= set(plain) | set(counted)
    template = {m.id for m in read_po((LOCALE / f"{DOMAIN}.pot").open(encoding="utf-8")) if m.id}
    assert found == template, "extract again (docs/translating.md)"


def test_the_table_page_reads_the_templates_babel_extracts_from_it():
    """The server finds the page's templates by a pattern; Babel's JavaScript extractor, which
    fills the catalogue, must find exactly the same."""
    script = LOCALE.parent / "web" / "table.js"
    with script.open("rb") as source:
        extracted = {message for _, message, _, _ in extract("javascript", source, keywords=JS_KEYWORDS,
                                                                 options={"parse_template_string": True})}
    plain, counted = table_templates()
    assert extracted == set(plain) | set(counted)
    assert "{who} wins the trick." in plain and ("{n} card", "{n} cards") in counted


def test_every_module_that_writes_templates_is_extracted():
    root = LOCALE.parent
    mapped = set(re.findall(r"^\[python: (.+)\]$", (LOCALE / "babel.cfg").read_text(encoding="utf-8"), re.M))
    writing = {str(path.relative_to(root)) for path in root.rglob("*.py")
               if re.search(r"\b(N_|t|plural)\(\"", path.read_text(encoding="utf-8"))}
    assert writing <= mapped, "add the module to interpreter/locale/babel.cfg"


def test_a_language_is_added_by_its_catalogue_alone():
    assert set(LANGUAGES) >= {"en", "da", "de", "fi", "fr", "nb", "tr"}
    assert language_name("en") == "English" and language_name("da") == "Dansk" and language_name("fi") == "Suomi"


@pytest.mark.parametrize("language, word, capital, upper", [
    ("tr", "ikinci", "İkinci", "İKİNCİ"), ("tr", "ılık", "Ilık", "ILIK"), ("en", "first", "First", "FIRST"),
    ("da", "ikke", "Ikke", "IKKE")])
def test_capitals_follow_the_language(language, word, capital, upper):
    t = translation(language)
    assert (t.capital(word), t.upper(word)) == (capital, upper)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plural_forms_a_page_chooses_among_read_as_plural_does(language):
    """The table's page gets every plural form of a count's template and picks one by
    plural_index: for any count it reads what plural() reads (French has three forms: 'de'
    before a million)."""
    t = Translation(language)
    forms = t.forms("{n} card", "{n} cards")
    assert len(forms) == (3 if language == "fr" else 2)
    for n in [0, 1, 2, 5, 21, 100, 101, 10**3, 10**6, 2 * 10**6]:
        assert forms[t.plural_index(n)].format(n=n) == t.plural("{n} card", "{n} cards", n)
    if language == "en":
        assert forms == ["{n} card", "{n} cards"]
