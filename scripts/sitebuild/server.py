"""Static server for the built site (stdlib only), used by scripts/serve, tests/site and scripts/bench.

Pyodide needs ``.wasm`` served as ``application/wasm`` (with a wrong type it hangs without an
error) and ``.mjs`` as JavaScript; the table below does not depend on the machine's
/etc/mime.types.  Like a real host (README 「公開する」), it sends the text files and the .wasm
gzipped to a browser that accepts it, so local measurements see the bytes a reader downloads,
and answers a missing page with the site's own 404.html.
Run directly: ``python scripts/sitebuild/server.py --directory site --port 8000``.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import email.utils
import functools
import gzip
import html
import io
import os
import re
import sys
import threading
from collections.abc import Iterator
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import unquote, urlsplit

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".map": "application/json",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".xml": "application/xml",
    ".css": "text/css",
    ".html": "text/html",
}
COMPRESSED = frozenset({".js", ".mjs", ".json", ".webmanifest", ".wasm", ".css", ".html", ".svg", ".xml", ".map"})
GZIP_LEVEL = 6  # gzip's default, and the README's for nginx; vendor.py counts gzip sizes at the same


@functools.lru_cache(maxsize=512)
def gzipped(path: str, size: int, mtime_ns: int) -> bytes:
    """The file compressed once per server and version of the file (size and mtime are the cache key,
    so a rebuild is seen); compressing the 9.6 MB .wasm takes about 0.4 s."""
    return gzip.compress(Path(path).read_bytes(), GZIP_LEVEL, mtime=0)


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding value allows gzip (``gzip;q=0`` refuses it)."""
    for item in header.lower().split(","):
        name, _, params = item.partition(";")
        if name.strip() in ("gzip", "*"):
            q = params.strip().removeprefix("q=")
            return not q or (q.replace(".", "", 1).isdigit() and float(q) > 0)
    return False


def built_site(root: Path) -> Path:
    """Where scripts/test built the site: ``$SITE_DIR`` (relative to the repository) or ``site``."""
    return root / os.environ.get("SITE_DIR", "site")


class SiteRequestHandler(SimpleHTTPRequestHandler):
    """Serves one directory; quiet unless ``verbose``; always revalidates (the site is rebuilt often)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012
    verbose = False
    varies = False  # the answer depends on Accept-Encoding (set per request)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.varies:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def compressible_file(self) -> Path | None:
        """The file a GET of this URL sends, when its type is one a host compresses."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not unquote(urlsplit(self.path).path).endswith("/"):
                return None  # the stdlib redirects to the URL with the slash
            path = path / "index.html"
        return path if path.suffix in COMPRESSED and path.is_file() else None

    def send_head(self) -> BinaryIO | None:
        path = self.compressible_file()
        self.varies = path is not None
        if path is None or not accepts_gzip(self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        stat = path.stat()
        if self.not_modified_since(stat.st_mtime):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        body = gzipped(str(path), stat.st_size, stat.st_mtime_ns)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def not_modified_since(self, mtime: float) -> bool:
        """A revalidation (If-Modified-Since, as the stdlib checks it) of a file not changed since."""
        since = self.headers.get("If-Modified-Since")
        if since is None or "If-None-Match" in self.headers:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        return int(mtime) <= when.replace(tzinfo=when.tzinfo or dt.UTC).timestamp()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A link too long for a request line (a tampered share link) gets a Japanese page that
        links to the page itself, instead of a bare English 414; a missing page gets the site's 404.html."""
        if code == HTTPStatus.NOT_FOUND and self.send_not_found_page():
            return
        if code != HTTPStatus.REQUEST_URI_TOO_LONG:
            super().send_error(code, message, explain)
            return
        words = bytes(getattr(self, "raw_requestline", b"")).split(b" ")
        path = words[1].split(b"?")[0].decode("ascii", "replace") if len(words) > 1 else "/"
        link = html.escape(path if path.startswith("/") and not path.startswith("//") else "/", quote=True)
        body = ('<!doctype html><html lang="ja"><meta charset="utf-8"><title>リンクが長すぎます</title>'
                "<p>このリンクは長すぎて開けません（共有リンクが壊れているようです）。</p>"
                f'<p><a href="{link}">ページをそのまま開く</a></p></html>').encode()
        self.close_connection = True
        self.send_response(code)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_not_found_page(self) -> bool:
        """The site's own 404.html (Japanese, with the site's navigation), as hosts serve it."""
        page = Path(self.directory) / "404.html"
        if not page.is_file():
            return False
        body = page.read_bytes()
        self.send_response(HTTPStatus.NOT_FOUND)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        return True

    def log_message(self, format: str, *args: Any) -> None:
        if self.verbose:
            super().log_message(format, *args)


def make_server(directory: Path | str, host: str = "127.0.0.1", port: int = 8000, verbose: bool = False,
                handler: type[SiteRequestHandler] = SiteRequestHandler) -> ThreadingHTTPServer:
    """A bound (not yet running) threading server for ``directory``; raises OSError if the port is busy.
    ``handler``: a subclass that answers some requests otherwise (the tests' server that answers badly)."""
    root = Path(directory).resolve()
    if not (root / "index.html").is_file():
        raise FileNotFoundError(f"{root}/index.html がありません。先に mkdocs build --strict を実行してください。")
    handler_class = type("Handler", (handler,), {"verbose": verbose})
    server = ThreadingHTTPServer((host, port), functools.partial(handler_class, directory=str(root)))
    server.daemon_threads = True
    return server


@contextlib.contextmanager
def serving(directory: Path | str, host: str = "127.0.0.1", port: int = 8000,
            handler: type[SiteRequestHandler] = SiteRequestHandler) -> Iterator[str]:
    """Serve ``directory`` in a background thread; yields the origin, e.g. ``http://127.0.0.1:8000``."""
    server = make_server(directory, host, port, handler=handler)
    thread = threading.Thread(target=server.serve_forever, name=f"site-server-{port}", daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def site_origin(directory: Path | str) -> tuple[str, int]:
    """Host and port of the ``site_url`` the site was built with, read from its sitemap.xml.

    Material's instant navigation only intercepts links that match the sitemap, so tests and
    benchmarks must serve the site on exactly this origin (tech-notes §7.2).
    """
    sitemap = Path(directory) / "sitemap.xml"
    if not sitemap.is_file():
        raise FileNotFoundError(f"{sitemap} がありません。先に `mkdocs build --strict` を実行してください。")
    match = re.search(r"<loc>\s*(https?://[^<\s]+)", sitemap.read_text(encoding="utf-8"))
    if match is None:
        raise ValueError(f"{sitemap} に <loc> がありません")
    url = urlsplit(match.group(1))
    if url.scheme != "http" or url.hostname is None:
        raise ValueError(f"{sitemap}: site_url {match.group(1)} はローカルで配信できません"
                         "（SITE_URL=http://HOST:PORT/ で再ビルドしてください）")
    return url.hostname, url.port or 80


def sitemap_urls(directory: Path | str) -> list[str]:
    """Every page URL listed in the site's sitemap.xml, in order."""
    text = (Path(directory) / "sitemap.xml").read_text(encoding="utf-8")
    return [m.strip() for m in re.findall(r"<loc>([^<]+)</loc>", text)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built site with correct MIME types.")
    parser.add_argument("--directory", "-d", default="site")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", "-p", type=int, default=8000)
    parser.add_argument("--verbose", "-v", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.directory, args.host, args.port, verbose=args.verbose)
    except (OSError, FileNotFoundError) as error:
        print(f"serve: {error}", file=sys.stderr)
        return 1
    where = Path(args.directory).resolve()
    print(f"serve: http://{args.host}:{args.port}/  ({where}; Ctrl+C で終了)", flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nserve: stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
