"""What the classroom's pages show without Streamlit: the QR code is an image a browser draws."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from urllib.parse import unquote

from explorer.view.classroom import qr_data_uri

SVG = "{http://www.w3.org/2000/svg}"


def test_the_qr_code_is_a_standalone_svg_document_an_img_draws():
    uri = qr_data_uri("http://10.0.0.5:8501/join?c=K7M2QX")
    head, _, body = uri.partition(",")
    assert head == "data:image/svg+xml;charset=utf-8"
    root = ET.fromstring(unquote(body))
    assert root.tag == f"{SVG}svg"                     # without its namespace an <img> draws nothing
    assert root.find(f"{SVG}path") is not None
