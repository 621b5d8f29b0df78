"""In a real browser: a refused upload replaces the last upload's "Opened …" banner with its reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.runs import at_rest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def test_an_oversized_upload_replaces_the_previous_success_banner(page: Page, base_url, tmp_path):
    good = ROOT / "data" / "scenarios" / "seed000-third-player-must-cut.yaml"
    big = tmp_path / "photo.yaml"
    big.write_bytes(b"notes: " + b"x" * 20_000_000)  # above the old 1 MB, and slow enough to upload to race a rerun
    page.goto(f"{base_url}/trick_checker")
    expect(page.get_by_role("heading", name="Trick checker", level=1)).to_be_visible(timeout=30_000)
    at_rest(page)
    page.get_by_text("Open, save or share this scenario").click()
    uploader = page.locator('[data-testid="stFileUploaderDropzoneInput"]')
    main = page.locator('[data-testid="stMain"]')

    uploader.set_input_files(str(good))
    expect(main.locator('[data-testid="stAlert"]').filter(has_text="Opened")).to_be_visible()

    uploader.set_input_files(str(big))
    refused = main.locator('[data-testid="stAlert"]').filter(has_text="Could not open the file photo")
    expect(refused).to_be_visible()
    expect(refused).to_contain_text("too large")
    expect(main.locator('[data-testid="stAlert"]').filter(has_text="Opened")).to_have_count(0)
    expect(page.locator('.bx-hand [data-card="QH"][data-highlight="legal"]')).to_be_visible()  # kept
