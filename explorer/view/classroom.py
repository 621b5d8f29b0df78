"""What the classroom's pages show, without Streamlit: the join link, the code as read off a screen, the QR code.

The QR code is segno's SVG as a ``data:`` image: a standalone SVG document, with its namespace (an ``<img>`` draws
nothing from an SVG without one, such as segno's ``svg_inline``, made to be pasted into HTML). It holds a link the
app made (its address and the code, or the teacher's secret), never a user's text, so nothing a user typed reaches
the page as HTML.

>>> join_link("http://10.0.0.5:8501/classroom?teach=x", "K7M2QX")
'http://10.0.0.5:8501/join?c=K7M2QX'
>>> shown_code("K7M2QX")
'K7M 2QX'
"""

from __future__ import annotations

from urllib.parse import quote, urlsplit, urlunsplit

import segno

JOIN_PAGE = "join"
"""The students' page (``app_pages/join.py``), by its URL path."""


def join_link(page_url: str, code: str) -> str:
    """The short link a student opens: the app's address, the join page and the code (``/join?c=K7M2QX``)."""
    parts = urlsplit(page_url or "http://localhost:8501/")
    base = parts.path.rsplit("/", 1)[0] if parts.path else ""
    return urlunsplit((parts.scheme or "http", parts.netloc, f"{base}/{JOIN_PAGE}", f"c={quote(code)}", ""))


def shown_code(code: str) -> str:
    """A join code in two groups of three, easier to read from the back of a room."""
    return f"{code[:3]} {code[3:]}" if len(code) == 6 else code


def qr_data_uri(link: str) -> str:
    """The QR code of ``link`` as an SVG ``data:`` URI (error correction M, a quiet zone of four modules).

    >>> qr_data_uri("http://h/join?c=K7M2QX").startswith("data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns")
    True
    """
    return segno.make(link, error="m").svg_data_uri(scale=1, border=4, dark="#111", light="#fff", omitsize=True)


def qr_html(link: str, *, size: str = "14rem", label: str = "") -> str:
    """An ``<img>`` of the QR code of ``link`` (``label``: its alternative text, escaped)."""
    import html
    return (f'<img class="bx-class-qr" src="{qr_data_uri(link)}" alt="{html.escape(label, quote=True)}" '
            f'style="width:{size};height:{size};image-rendering:pixelated" />')
