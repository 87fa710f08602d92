"""A page to PDF through headless Chromium's own print (``--print-to-pdf``), so the PDF is the very HTML
report with its SVG charts, laid out by the browser the tests already drive.

Why Chromium and not a PDF library: the report is one HTML page whatever the output, so the PDF cannot
drift from what the manager sees on screen; Chromium is an OS package (``tools/os-packages.sh`` installs
it for the tests) needing no Python dependency and no download at run time, which a closed floor network
requires. The page is written to a private temporary directory and printed from ``file://``: no server,
no session, no network. ``DEALER_FLOOR_CHROMIUM`` names the binary when it is not ``chromium`` on PATH.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from terminal.errors import UserError

TIMEOUT = 120.0


class PdfUnavailable(UserError):
    """Chromium is missing or could not print; the message says which."""


def chromium() -> str:
    """The Chromium binary to print with."""
    found = (
        os.environ.get("DEALER_FLOOR_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
    if not found:
        raise PdfUnavailable("no Chromium to print the PDF with: install the chromium package")
    return found


def html_to_pdf(html: str) -> bytes:
    """The PDF Chromium prints of ``html`` (a self-contained page: inline CSS and SVG, no scripts)."""
    binary = chromium()
    with tempfile.TemporaryDirectory(prefix="dealer-floor-pdf-") as d:
        page, out = Path(d) / "report.html", Path(d) / "report.pdf"
        page.write_text(html, encoding="utf-8")
        argv = [
            binary, "--headless", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--no-pdf-header-footer", "--js-flags=--jitless", f"--user-data-dir={Path(d) / 'profile'}", f"--print-to-pdf={out}",
            page.as_uri(),
        ]  # fmt: skip
        if os.geteuid() == 0:  # Chromium will not start as root with its sandbox (CI containers)
            argv.insert(1, "--no-sandbox")
        try:
            done = subprocess.run(argv, capture_output=True, timeout=TIMEOUT, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise PdfUnavailable(f"Chromium could not print the report: {exc}") from None
        if not out.exists() or out.stat().st_size == 0:
            tail = done.stderr.decode(errors="replace").strip().splitlines()[-1:]
            raise PdfUnavailable(f"Chromium printed no PDF (exit {done.returncode}): {' '.join(tail)}")
        return out.read_bytes()
