"""How tests/site and scripts/bench start a browser: Debian's chromium, no `playwright install`.

Playwright 1.65 drives the apt package /usr/bin/chromium (version 156) through the
executable path; `--browser-channel` cannot select it (tech-notes §5).  `launch()` gives
each browser a fresh temporary profile, so no `--user-data-dir` here.
"""

from __future__ import annotations

import os
import time
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


def wait_until(page: Any, expression: str, arg: Any = None, timeout_ms: float = 120_000, every_ms: int = 250) -> Any:
    """Evaluates ``expression`` (may be async) in ``page`` until it gives a truthy value, and returns it.

    Playwright's ``wait_for_function`` takes the Promise of an async function for a truthy answer and
    returns at once, so a wait on Cache Storage (asynchronous only) must poll like this."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{timeout_ms / 1000:.0f} 秒待っても成り立ちませんでした: {expression}")
        page.wait_for_timeout(every_ms)


# True once the engine's Python snapshot (docs/assets/trionfi/snapshot.js) is stored: it is written after the
# boot, so that a second visit (bench repeat_visit_boot, tests/site) must wait for it after the first.
SNAPSHOT_STORED = """async () => {
  const cache = await caches.open("trionfi-snapshot");
  const [request] = await cache.keys();
  return Boolean(request && (await cache.match(request)));
}"""

# True once the page is controlled by the service worker and it holds every URL of the list given as argument
# (offline.runtime_urls): what a visit must have left before the network is turned off.
RUNTIME_CACHED = """async (urls) => navigator.serviceWorker.controller !== null
  && (await Promise.all(urls.map((u) => caches.match(u)))).every(Boolean)"""
