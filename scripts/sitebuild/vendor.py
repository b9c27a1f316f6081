"""Vendor the Pyodide runtime and the engine bundle into the built site (MkDocs ``on_files``).

Nothing here is committed or fetched from a CDN: the runtime comes from ``node_modules/pyodide``
(installed by ``npm ci`` in ./scripts/setup, version pinned in package.json) and the engine is
zipped from ``engine/**/*.py`` at every build, so ``mkdocs build`` and ``mkdocs serve`` both
publish exactly the sources in the work tree.

Published files:

* ``assets/pyodide/{pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json}``
* ``assets/engine/engine.zip``: reproducible zip (sorted entries, fixed timestamps, ``engine/`` prefix)
* ``assets/engine/manifest.json``: ``{"pyodide": version, "engine_zip_bytes": n, "download_bytes": total,
  "download_gzip_bytes": total_on_a_compressing_host, "files": {path: bytes}, "sha256": {path: hex}}`` so a
  widget can state the download size before loading anything, and tell a stored or downloaded file that is
  not the build's (worker.js, issue 40).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import zipfile
import zlib
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

PYODIDE_RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_DEST = "assets/pyodide"
ENGINE_ZIP = "assets/engine/engine.zip"
MANIFEST = "assets/engine/manifest.json"
GZIP_CACHE = "build/cache/pyodide-gzip-sizes.json"  # compressing 13 MB costs ~0.5 s; sizes never change
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # earliest date a zip can hold; fixed so the bytes are reproducible

_state: dict[str, Any] = {}


def repo_root(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).resolve().parent


def pyodide_dir(root: Path) -> Path:
    """``node_modules/pyodide``, or ``$PYODIDE_DIR`` when set."""
    return Path(os.environ.get("PYODIDE_DIR") or root / "node_modules" / "pyodide")


def pinned_pyodide_version(root: Path) -> str | None:
    """The exact version package.json asks for (``None`` if package.json does not pin one)."""
    package = root / "package.json"
    if not package.is_file():
        return None
    pin = json.loads(package.read_text(encoding="utf-8")).get("devDependencies", {}).get("pyodide")
    return pin if isinstance(pin, str) else None


def check_pyodide(root: Path) -> tuple[Path, str]:
    """The runtime folder and its version; a clear build error when it is missing or stale."""
    folder = pyodide_dir(root)
    missing = [name for name in (*PYODIDE_RUNTIME, "package.json") if not (folder / name).is_file()]
    if missing:
        raise PluginError(
            f"Pyodide の実行ファイルが見つかりません（{folder}: {', '.join(missing)}）: "
            "run ./scripts/setup（npm ci で node_modules/pyodide を入れます）"
        )
    version = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
    pin = pinned_pyodide_version(root)
    if pin is not None and "PYODIDE_DIR" not in os.environ and version != pin:
        raise PluginError(
            f"node_modules/pyodide は {version} ですが package.json は {pin} を指定しています: "
            "run ./scripts/setup"
        )
    return folder, str(version)


def engine_sources(root: Path) -> list[Path]:
    """Every ``engine/**/*.py`` (no caches), sorted by their path inside the zip."""
    package = root / "engine"
    if not (package / "__init__.py").is_file():
        raise PluginError(f"{package}/__init__.py がありません（エンジンのパッケージが必要です）。")
    files = [p for p in package.rglob("*.py") if "__pycache__" not in p.parts]
    return sorted(files, key=lambda p: p.relative_to(root).as_posix())


def engine_zip(root: Path) -> bytes:
    """A deterministic zip of the engine package: same sources, same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in engine_sources(root):
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, whatever machine builds it
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()


def gzip_sizes(root: Path, folder: Path) -> dict[str, int]:
    """Size of each runtime file after gzip -6 (what a compressing host sends), cached under build/."""
    cache_file = root / GZIP_CACHE
    try:
        cache: dict[str, int] = json.loads(cache_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        cache = {}
    sizes, changed = {}, False
    for name in PYODIDE_RUNTIME:
        stat = (folder / name).stat()
        key = f"{name}:{stat.st_size}:{stat.st_mtime_ns}"
        if key not in cache:
            cache[key] = len(zlib.compress((folder / name).read_bytes(), 6))
            changed = True
        sizes[name] = cache[key]
    if changed:
        cache_file.parent.mkdir(parents=True, exist_ok=True)
        cache_file.write_text(json.dumps(cache, indent=1, sort_keys=True), encoding="utf-8")
    return sizes


def build_manifest(version: str, runtime: dict[str, bytes], runtime_gzip: dict[str, int],
                   bundle: bytes) -> dict[str, Any]:
    built = {f"{PYODIDE_DEST}/{name}": data for name, data in runtime.items()}
    built[ENGINE_ZIP] = bundle
    sizes = {path: len(data) for path, data in built.items()}
    return {
        "pyodide": version,
        "engine_zip_bytes": len(bundle),
        "engine_zip_sha256": hashlib.sha256(bundle).hexdigest(),
        "download_bytes": sum(sizes.values()),
        "download_gzip_bytes": sum(runtime_gzip.values()) + len(bundle),  # a zip does not shrink further
        "files": sizes,
        "sha256": {path: hashlib.sha256(data).hexdigest() for path, data in built.items()},
    }


def on_files(files: Files, config: MkDocsConfig) -> Files:
    root = repo_root(config)
    folder, version = check_pyodide(root)
    runtime: dict[str, bytes] = {}
    for name in PYODIDE_RUNTIME:
        source = folder / name
        files.append(File.generated(config, f"{PYODIDE_DEST}/{name}", abs_src_path=str(source)))
        runtime[name] = source.read_bytes()
    bundle = engine_zip(root)
    files.append(File.generated(config, ENGINE_ZIP, content=bundle))
    manifest = build_manifest(version, runtime, gzip_sizes(root, folder), bundle)
    files.append(File.generated(config, MANIFEST, content=json.dumps(manifest, indent=1, sort_keys=True)))
    _state["manifest"] = manifest
    return files


def manifest() -> dict[str, Any]:
    """The manifest of the current build (available from ``on_files`` on)."""
    if "manifest" not in _state:
        raise RuntimeError("vendor.on_files has not run yet")
    return dict(_state["manifest"])


def download_mb() -> float:
    """What a reader downloads on first use (runtime + engine), in MB (10^6 bytes), uncompressed."""
    return float(manifest()["download_bytes"]) / 1_000_000


def download_gzip_mb() -> float:
    """The same on a host that compresses responses (most static hosts do), in MB."""
    return float(manifest()["download_gzip_bytes"]) / 1_000_000
