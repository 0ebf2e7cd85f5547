"""A rule file's rules page (``rules_page.py``) as text for the terminal and as HTML for the
web: ``atout explain`` and the table's rules link."""
from __future__ import annotations

from html import escape
from pathlib import Path

from ..language.rule_files import load
from ..language.source import read_source
from ..language.variants import apply_variant
from ..language.translation import translation
from .rules_page import Page, rules_page


def explain(path: str | Path, variant: str | None = None, language: str = "en") -> str:
    """The rules page of a (valid) rule file, or of one of its variants, as text."""
    page = _page(path, variant, language)
    lines = [page.title, ""]
    if page.about:
        lines += [page.about, ""]
    for section in page.sections:
        lines.append(translation(language).upper(section.title))
        for k, sentence in enumerate(section.sentences):
            lines.append(sentence)
            lines += [f"  {n}. {item}" for n, item in enumerate(section.lists.get(k, ()), 1)]
        lines.append("")
    return "\n".join(lines).rstrip("\n")


def explain_html(path: str | Path, variant: str | None = None, language: str = "en") -> str:
    """The same page as an HTML fragment: the title, the summary, a heading per section, its
    sentences as paragraphs and its numbered rules as a list."""
    page = _page(path, variant, language)
    out = [f"<h1>{escape(page.title)}</h1>"]
    if page.about:
        out.append(f"<p class=\"about\">{escape(page.about)}</p>")
    for section in page.sections:
        out.append(f"<h2>{escape(section.title)}</h2>")
        for k, sentence in enumerate(section.sentences):
            out.append(f"<p>{escape(sentence)}</p>")
            items = section.lists.get(k)
            if items:
                out.append("<ol>" + "".join(f"<li>{escape(item)}</li>" for item in items) + "</ol>")
    return "\n".join(out)


def _page(path: str | Path, variant: str | None, language: str) -> Page:
    source = read_source(path)
    doc = (apply_variant(source, variant) if variant else source).data
    return rules_page(doc, load(path, variant), variant, language)
