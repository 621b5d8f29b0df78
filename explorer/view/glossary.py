"""The glossary as an HTML table (styled by :func:`explorer.view.cards.css`). No Streamlit.

In Arabic the table reads Arabic first: the Arabic word, then the English one, and the meaning, category
and sources from the content catalogue.
"""

from __future__ import annotations

import html

from explorer.content.glossary import GlossaryEntry
from explorer.view.language import t


def glossary_html(entries: list[GlossaryEntry], lang: str = "en") -> str:
    """A table: English (with other names), Arabic right to left, meaning, sources (styled by ``cards.css()``).

    In a language other than English the table starts with the Arabic word (its other names under it), then
    the English term, the meaning, category and sources in ``lang``.

    >>> e = GlossaryEntry("Sun", "صن", "contract", "No trumps; <b>doubled</b> points.", "seed 1")
    >>> html_text = glossary_html([e])
    >>> 'data-term="Sun"' in html_text, "&lt;b&gt;doubled&lt;/b&gt;" in html_text
    (True, True)
    """
    if lang != "en":
        return _translated_html(entries, lang)
    rows = []
    for e in entries:
        also = f'<div class="bx-gl-also">also {html.escape(", ".join(e.also))}</div>' if e.also else ""
        literal = '<div class="bx-gl-also">plain translation</div>' if e.literal else ""
        rows.append(
            f'<tr data-term="{html.escape(e.term, quote=True)}">'
            f'<td class="bx-gl-term"><strong>{html.escape(e.term)}</strong>{also}'
            f'<div class="bx-gl-cat">{html.escape(e.category)}</div></td>'
            f'<td class="bx-gl-ar"><div dir="rtl" lang="ar">{html.escape(e.arabic)}</div>{literal}</td>'
            f"<td>{html.escape(e.meaning)}</td>"
            f'<td class="bx-gl-src">{html.escape(e.source)}</td></tr>'
        )
    return (
        '<div class="bx-glossary-wrap"><table class="bx-glossary"><thead><tr><th>English</th><th>Arabic</th>'
        "<th>Meaning</th><th>Seeds</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _translated_html(entries: list[GlossaryEntry], lang: str) -> str:
    rows = []
    for e in entries:
        arabic_also = [a for a in e.also if not a.isascii()]
        english_also = [a for a in e.also if a.isascii()]
        also_words = t("also {names}", names=arabic_also) if arabic_also else ""
        also = f'<div class="bx-gl-also">{html.escape(also_words)}</div>' if arabic_also else ""
        plain_words = t("plain translation") if e.literal else ""
        literal = f'<div class="bx-gl-also">{html.escape(plain_words)}</div>' if e.literal else ""
        english = html.escape(", ".join([e.term, *english_also]))
        rows.append(
            f'<tr data-term="{html.escape(e.term, quote=True)}">'
            f'<td class="bx-gl-ar"><strong dir="rtl" lang="ar">{html.escape(e.arabic)}</strong>{also}{literal}'
            f'<div class="bx-gl-cat">{html.escape(e.shown_category(lang))}</div></td>'
            f'<td class="bx-gl-term"><bdi dir="ltr" lang="en">{english}</bdi></td>'
            f"<td>{html.escape(e.shown_meaning(lang))}</td>"
            f'<td class="bx-gl-src">{html.escape(e.shown_source(lang))}</td></tr>'
        )
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (t("Arabic"), t("English"), t("Meaning"), t("Seeds")))
    return (f'<div class="bx-glossary-wrap"><table class="bx-glossary" dir="rtl" lang="{html.escape(lang)}">'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")
