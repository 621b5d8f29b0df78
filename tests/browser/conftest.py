"""Real-browser fixtures: one Streamlit server per session, Debian's /usr/bin/chromium.

Never run ``playwright install``; without /usr/bin/chromium the browser tests fail (not skip).
"""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
expect.set_options(timeout=15_000)  # a loaded 2-core machine can take several seconds per rerun

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server_data_dir(tmp_path_factory) -> Path:
    """The server's BALOOT_DATA_DIR: the classroom's SQLite file of this test run (never the user's own)."""
    return tmp_path_factory.mktemp("data")


@pytest.fixture(scope="session")
def streamlit_server(tmp_path_factory, server_data_dir):
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log_path = tmp_path_factory.mktemp("streamlit") / "server.log"
    log = open(log_path, "w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "explorer/app.py",
            "--server.headless",
            "true",
            "--server.address",
            "127.0.0.1",
            "--server.port",
            str(port),
            "--browser.gatherUsageStats",
            "false",
        ],
        cwd=ROOT,
        env={**{k: v for k, v in os.environ.items() if k != "BALOOT_DB_URL"}, "BALOOT_DATA_DIR": str(server_data_dir)},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                pytest.fail(
                    f"streamlit exited with code {proc.returncode} before it was healthy:\n"
                    + log_path.read_text()[-3000:]
                )
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(
                    f"streamlit did not answer {url}/_stcore/health within 30 s:\n"
                    + log_path.read_text()[-3000:]
                )
            time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="session")
def base_url(streamlit_server):
    return streamlit_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium "
            "(apt-get update && apt-get install -y chromium). Do not run `playwright install`."
        )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session", autouse=True)
def every_page_wired():
    """Every page a test opens has its runs followed (tests/browser/runs.py) from its first address on."""
    from playwright.sync_api._generated import BrowserContext

    from tests.browser.runs import wire

    new_page = BrowserContext.new_page
    BrowserContext.new_page = lambda self, *args, **kwargs: wire(new_page(self, *args, **kwargs))
    yield
    BrowserContext.new_page = new_page
