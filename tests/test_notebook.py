"""The exploration notebook runs top to bottom, headless, on the real built graph and draws PNG figures."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
from nbclient import NotebookClient

from cjkb_graph.config import Config

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "explore_mapping_graph.ipynb"
NO_JAVA = "no Java mapping layer in this graph"


def _kernel_name() -> str:
    """The python3 kernel of this interpreter; installed into the venv when missing."""
    try:
        spec = KernelSpecManager().get_kernel_spec("python3")
        if Path(spec.argv[0]).resolve() == Path(sys.executable).resolve() or spec.argv[0] == "python":
            return "python3"
    except NoSuchKernel:
        pass
    from ipykernel import kernelspec

    kernelspec.install(user=False, prefix=sys.prefix)
    return "python3"


def test_notebook_committed_without_outputs() -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None


@pytest.mark.timeout(600)
def test_notebook_runs_on_real_graph(real_cfg: Config, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CJKB_DATA_DIR", str(real_cfg.data_dir))  # the kernel inherits the environment
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(
        nb, timeout=300, kernel_name=_kernel_name(), resources={"metadata": {"path": str(NOTEBOOK.parent)}}
    )
    client.execute()  # raises CellExecutionError on the first failing cell
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    pngs = [o for o in outputs if o.output_type == "display_data" and "image/png" in o.get("data", {})]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert f"graph: {real_cfg.data_dir}" in text  # found the graph the way the CLI does
    assert "node type" in text and "edge member_of" in text
    assert "std.unittest.prop_test" in text or "packages have no example" in text
    assert "wrote " in text and "neighbourhood.graphml" in text
    has_java = NO_JAVA not in text
    # size chart, example coverage, inherits/returns; plus neighbourhood and coverage with the Java layer
    assert len(pngs) >= (5 if has_java else 3)
    if has_java:
        assert "java.util.HashMap: " in text and "maps_to std.collection.HashMap" in text
        assert "none: " in text and "approximate: " in text
