"""Files written whole or not at all: a temp file in the same folder, fsync, then a rename."""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import time
from pathlib import Path

__all__ = ["TEMP_SUFFIX", "atomic_write", "file_sha256", "remove_stale_temps"]

TEMP_SUFFIX = ".tmp"


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temp file in the same folder and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # the writer's pid is in the name, so that a later build or load can tell a dead writer's file
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        os.chmod(tmp, 0o644)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


def remove_stale_temps(folder: Path, older_than_s: float = 600.0) -> list[Path]:
    """Remove the temp files of writers that died (a killed build); returns what was removed.

    A temp file names its writer's pid: it is removed when that process is gone. A temp file
    without one (older versions) is removed once it is ``older_than_s`` old.
    """
    removed: list[Path] = []
    if not folder.is_dir():
        return removed
    now = time.time()
    for p in folder.glob(f".*{TEMP_SUFFIX}"):
        parts = p.name.split(".")
        pid = next((int(x) for x in parts[2:-1] if x.isdigit()), None)
        try:
            stale = (pid is not None and pid != os.getpid() and not _alive(pid)) or (
                pid is None and now - p.stat().st_mtime > older_than_s
            )
            if stale:
                p.unlink()
                removed.append(p)
        except OSError:
            continue
    return removed
