"""How tests/site and scripts/bench start a browser: Debian's chromium, no `playwright install`.

Playwright 1.65 drives the apt package /usr/bin/chromium (version 156) through the
executable path; `--browser-channel` cannot select it (tech-notes §5).  `launch()` gives
each browser a fresh temporary profile, so no `--user-data-dir` here.
"""

from __future__ import annotations

import os
from typing import Any

CHROMIUM = os.environ.get("TRIONFI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch_args() -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch``."""
    if not os.access(CHROMIUM, os.X_OK):
        raise FileNotFoundError(f"{CHROMIUM} がありません。`./scripts/setup --browser` を実行してください。")
    return {"executable_path": CHROMIUM, "args": list(CHROMIUM_ARGS)}
