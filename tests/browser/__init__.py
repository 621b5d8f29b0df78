"""Real-browser tests (pytest-playwright with Debian chromium); a package so its conftest has a unique module name."""
