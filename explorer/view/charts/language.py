"""The language of the app's figures: their words, and the mirror for a right-to-left reader. No Streamlit.

Every builder of a figure (:mod:`explorer.view.charts.figures`, ``explore_charts``, ``replay_charts``,
``practice_charts``) takes ``lang``: its words come from the page catalogues (:func:`words`) and the
finished figure passes through :func:`for_language`, which mirrors it for a right-to-left language
(the x axis runs right to left, the y axis stands on the right, the title and the legend start on
the right). ``lang=None`` means the language of the Streamlit page being drawn, or English outside
one (:func:`page_lang`), so the builders stay pure: a test passes ``lang`` and needs no Streamlit.
A right-to-left page also lays its figures out left to right (:data:`explorer.ui.shell.lang.RTL_CSS`: plotly
measures its text in the document's direction).
"""

from __future__ import annotations

import re

import plotly.graph_objects as go

from explorer.engine.core.i18n import Msg, Style, is_rtl
from explorer.view import language


def page_lang(lang: str | None = None) -> str:
    """``lang`` itself, or (``None``) the language of the page being drawn; English outside one.

    >>> page_lang("ar"), page_lang()
    ('ar', 'en')
    """
    return lang if lang is not None else language.current()


def words(lang: str | None = None):
    """A ``t(template, **values)`` of the charts' language: the template looked up in the page catalogues,
    its values written as that language writes them (the same as :func:`explorer.ui.shell.lang.t`, without Streamlit).

    >>> words("ar")("Sun"), words("en")("Sun")
    ('صن', 'Sun')
    """
    style = Style(lang=page_lang(lang), cards="face")

    def t(text: str, /, **params) -> str:
        return Msg(text, **params).render(style)
    return t


RLI, PDI = "\u2067", "\u2069"
_ARABIC = re.compile(r"[\u0600-\u06FF]")
_LINE = re.compile(r"(<br>|<extra>|</extra>)")


def rtl_text(text, /):
    """Words shown in a figure, right to left: each line holding Arabic letters in a right-to-left isolate.

    Plotly draws text in SVG, left to right whatever the page's direction: without the isolate, a line
    that starts with a number ("8 أوراق") or ends with a bracket is drawn in the wrong order. Lines are
    isolated one by one (plotly splits them at ``<br>``; a hover text's ``<extra>`` part is its own line).
    Text without Arabic (a card face, a number, a code) is left as it is.

    >>> rtl_text("8 أوراق<br>K♥") == "\u20678 أوراق\u2069<br>K♥"
    True
    """
    if not isinstance(text, str) or not _ARABIC.search(text):
        return text
    parts = _LINE.split(text)
    return "".join(p if _LINE.fullmatch(p) or not _ARABIC.search(p) or p.startswith(RLI) else RLI + p + PDI
                   for p in parts)


def _rtl_words(fig: go.Figure) -> None:
    """Every word of ``fig`` (title, axis titles and word ticks, notes, legend entries, word categories,
    hover texts) through :func:`rtl_text`."""
    layout = fig.layout
    layout.title.text = rtl_text(layout.title.text)
    for name in [k for k in layout if k.startswith(("xaxis", "yaxis"))]:
        axis = layout[name]
        axis.title.text = rtl_text(axis.title.text)
        if axis.ticktext is not None:
            axis.ticktext = [rtl_text(v) for v in axis.ticktext]
    for note in layout.annotations:
        note.text = rtl_text(note.text)
    for trace in fig.data:
        trace.name = rtl_text(trace.name)
        for field in ("x", "hovertext", "hovertemplate", "text"):
            value = getattr(trace, field, None) if field in trace else None
            if isinstance(value, str):
                trace[field] = rtl_text(value)
            elif value is not None and len(value) and any(isinstance(v, str) for v in value):
                trace[field] = [rtl_text(v) for v in value]


TITLE_WIDTH = 40
"""A right-to-left title longer than this (in characters) is written on two lines, so that it stays whole
on a phone (plotly never wraps a title; it cuts it at the figure's edge)."""
TITLE_TOP = 28
"""Pixels above a right-to-left title: the height of plotly's tool bar, shown on hover at the top right."""
PANEL_TITLE_WIDTH = 18
"""The same for the title of one of several panels side by side."""


def _two_lines(text: str) -> str:
    """``text`` broken before its bracket, or else at the space nearest its middle (unless it has lines).

    >>> _two_lines("حكم: من 16 (مجموع الأبناط 162)")
    'حكم: من 16<br>(مجموع الأبناط 162)'
    """
    if "<br>" in text or " " not in text:
        return text
    bracket = text.find(" (")
    if 0.25 * len(text) <= bracket <= 0.75 * len(text):
        return text[:bracket] + "<br>" + text[bracket + 1:]
    middle = len(text) // 2
    spaces = [i for i, c in enumerate(text) if c == " "]
    cut = min(spaces, key=lambda i: abs(i - middle))
    return text[:cut] + "<br>" + text[cut + 1:]


def _wrap_long_titles(fig: go.Figure) -> None:
    """Long titles of a right-to-left figure on two lines, with the room they need above the plot."""
    layout = fig.layout
    extra = 0
    title = layout.title.text
    lines = 1
    if title and len(title) > TITLE_WIDTH and "<br>" not in title:
        layout.title.text = _two_lines(title)
        extra += 30
        lines = 2
    panels = [a for a in layout.annotations if a.xref == "paper" and a.yanchor == "bottom" and a.y == 1]
    if len(panels) > 1 and any(len(a.text or "") > PANEL_TITLE_WIDTH for a in panels):
        for a in panels:
            a.update(text=_two_lines(a.text or ""), font_size=14)
        extra += 20
    if extra:
        # The plot keeps its height: the figure grows by the room the lines take.
        layout.update(height=(layout.height or 450) + extra,
                      margin_t=(layout.margin.t if layout.margin.t is not None else 80) + extra)
    # The title starts on the right, where plotly shows its tool bar on hover: the title goes just under it.
    # (Plotly anchors a title of two lines a line too high: it goes a line lower.)
    top = TITLE_TOP + 20 * (lines - 1)
    layout.title.update(yref="container", y=1 - top / (layout.height or 450), yanchor="top")


def _flip_anchor(anchor: str | None) -> str | None:
    return {"left": "right", "right": "left"}.get(anchor or "", anchor)


def for_language(fig: go.Figure, lang: str | None = None) -> go.Figure:
    """The figure as a reader of ``lang`` expects it: unchanged in a left-to-right language; mirrored in a
    right-to-left one. Mirrored: every x axis runs right to left (a fixed range is reversed, an automatic
    one ``autorange="reversed"``) and side-by-side panels swap places; every y axis stands on the right;
    the title, a horizontal legend (read from the right) and what is pinned to the paper (notes, shading)
    move to the other side; labels that point away from their point point the other way; the margins swap;
    every line of words is isolated right to left (:func:`rtl_text`).

    >>> fig = for_language(go.Figure(go.Bar(x=["a", "b"], y=[1, 2])), "ar")
    >>> fig.layout.xaxis.autorange, fig.layout.yaxis.side, fig.layout.title.xanchor
    ('reversed', 'right', 'right')
    """
    if not is_rtl(page_lang(lang)):
        return fig
    layout = fig.layout
    for name in [k for k in layout if k.startswith("xaxis")] or ["xaxis"]:
        axis = layout[name]
        if axis.range is not None and axis.autorange in (None, False):
            axis.range = tuple(reversed(axis.range))
        else:
            axis.autorange = "reversed"
        if axis.domain is not None:
            lo, hi = axis.domain
            axis.domain = (round(1 - hi, 10), round(1 - lo, 10))
    for name in [k for k in layout if k.startswith("yaxis")] or ["yaxis"]:
        layout[name].side = "right"
    x = layout.title.x
    layout.title.update(x=1 - (x if x is not None else 0.02),
                        xanchor=_flip_anchor(layout.title.xanchor) if layout.title.xanchor not in (None, "auto")
                        else "right")
    legend = layout.legend
    if legend.orientation == "h":
        legend.update(x=1 - (legend.x if legend.x is not None else 0),
                      xanchor=_flip_anchor(legend.xanchor) if legend.xanchor not in (None, "auto") else
                      ("left" if legend.x is not None and legend.x > 0.5 else "right"),
                      traceorder="reversed+grouped" if "grouped" in (legend.traceorder or "") else "reversed")
    margin = layout.margin
    if margin.l is not None or margin.r is not None:
        margin.l, margin.r = margin.r, margin.l
    for note in layout.annotations:
        if note.xref == "paper" or str(note.xref).endswith("domain"):  # None is the x axis: data, not paper
            if note.x is not None:
                note.x = 1 - note.x
        note.xanchor = _flip_anchor(note.xanchor)
        if note.xshift:
            note.xshift = -note.xshift
        if note.ax and note.axref in (None, "pixel"):
            note.ax = -note.ax
    for shape in layout.shapes:
        if shape.xref == "paper" or str(shape.xref).endswith("domain"):
            shape.x0, shape.x1 = 1 - shape.x1, 1 - shape.x0
    layout.hoverlabel.align = "right"
    _wrap_long_titles(fig)
    _rtl_words(fig)
    return fig
