"""./scripts/build is all or nothing: a build that fails leaves the previous site exactly as it was."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_failed_build_leaves_the_previous_site(tmp_path: Path) -> None:
    for name in ("docs", "tutorials", "engine", "scripts", "overrides"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    for name in (".venv", "node_modules"):
        (tmp_path / name).symlink_to(ROOT / name)
    broken = tmp_path / "tutorials" / "lombardia" / "example-basic.yaml"
    broken.write_text(broken.read_text(encoding="utf-8") + "fool-by: 3\n", encoding="utf-8")
    old = tmp_path / "site"
    old.mkdir()
    (old / "index.html").write_text("previous build", encoding="utf-8")

    result = subprocess.run(["./scripts/build", "site", "--quiet"], cwd=tmp_path, capture_output=True, text=True,
                            env={**os.environ, "SITE_URL": "http://127.0.0.1:8000/"}, timeout=300, check=False)

    assert result.returncode != 0
    assert "tutorials/lombardia/example-basic.yaml:" in result.stderr and "fool-by" in result.stderr
    assert "前回のビルドのまま" in result.stderr
    assert (old / "index.html").read_text(encoding="utf-8") == "previous build"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("site")) == ["site"]
