"""Writing the Consul's own content: a corrected chart, saved as a YAML override in the user
content folder. Atomic (a temporary file, fsynced, then renamed), and never over a file Consul
did not write."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from consul_app.base import paths
from consul_app.base.files import read_limited
from consul_app.content.corrections import MARK, chart_yaml
from consul_app.content.folders import MAX_FILE_BYTES, pack_files
from consul_app.content.models import Chart


class CorrectionError(Exception):
    """The correction was not saved; the message says why and what to do."""


def chart_file(chart: Chart, folder: Path | None = None) -> Path:
    """Where the correction of this chart is kept: `charts/EDITION-ID.yaml` in the folder."""
    return (folder or paths.user_content_dir()) / "charts" / f"{chart.edition}-{chart.id}.yaml"


def save_chart(chart: Chart, folder: Path | None = None) -> Path:
    """Write `chart` as the Consul's own content; return the file. Raises `CorrectionError`
    (nothing written) when another file of the folder defines this chart, or a file Consul
    did not write stands where it would go."""
    folder = folder or paths.user_content_dir()
    target = chart_file(chart, folder)
    other = _defined_elsewhere(folder, chart, target)
    if other is not None:
        raise CorrectionError(f"{other} already defines the chart {chart.id!r}: correct it there")
    if target.exists() and not _written_by_consul(target):
        raise CorrectionError(
            f"{target} exists and was not written by Consul: it is left alone (move it away "
            "to save the correction there)"
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    _write_atomically(target, chart_yaml(chart))
    return target


def _written_by_consul(path: Path) -> bool:
    try:
        data = read_limited(path, MAX_FILE_BYTES)
    except OSError:
        return False
    return data.decode("utf-8", "replace").startswith(MARK)


def _defined_elsewhere(folder: Path, chart: Chart, target: Path) -> Path | None:
    """Another YAML file of the folder with an entry of this chart's id and edition."""
    import yaml  # only when a correction is saved: the table screen imports this module

    if not folder.is_dir():
        return None
    for _, path in pack_files(folder):
        if path.resolve() == target.resolve():
            continue
        try:
            text = read_limited(path, MAX_FILE_BYTES).decode("utf-8", "replace")
        except OSError:
            continue
        if chart.id not in text:
            continue
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError:
            continue
        if isinstance(data, dict) and _has_chart(data, chart):
            return path
    return None


def _has_chart(data: dict[str, object], chart: Chart) -> bool:
    charts = data.get("charts")
    for entry in charts if isinstance(charts, list) else ():
        if (
            isinstance(entry, dict)
            and entry.get("id") == chart.id
            and entry.get("edition", data.get("edition")) == chart.edition
        ):
            return True
    return False


def _write_atomically(target: Path, text: str) -> None:
    """The new file appears whole or not at all."""
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
