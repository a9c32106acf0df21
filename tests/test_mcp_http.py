"""The MCP server over streamable HTTP on 127.0.0.1, once."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

import pytest
from mcp import Client

from cjkb_graph.config import Config
from cjkb_graph.mcp_server import TOOL_NAMES

from .test_mcp_stdio import REPO, cli_command

pytestmark = [pytest.mark.anyio, pytest.mark.timeout(90), pytest.mark.corpus]


@pytest.fixture()
def anyio_backend() -> str:
    return "asyncio"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


def _listening_addresses(port: int) -> set[str]:
    """Local addresses with a TCP socket listening on ``port`` (Linux /proc/net/tcp and tcp6)."""
    found: set[str] = set()
    for table, v6 in (("/proc/net/tcp", False), ("/proc/net/tcp6", True)):
        path = Path(table)
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            host, hex_port = local.split(":")
            if state != "0A" or int(hex_port, 16) != port:  # 0A: LISTEN
                continue
            raw = bytes.fromhex(host)
            if v6:
                found.add(
                    socket.inet_ntop(socket.AF_INET6, b"".join(raw[i : i + 4][::-1] for i in range(0, 16, 4)))
                )
            else:
                found.add(socket.inet_ntoa(raw[::-1]))
    assert Path("/proc/net/tcp").exists(), "this check reads Linux's /proc/net/tcp"
    return found


def _other_local_addresses() -> set[str]:
    """Non-loopback IPv4 addresses of this host: its name's and the outgoing route's (no packet sent)."""
    addrs = {ai[4][0] for ai in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 9))
            addrs.add(s.getsockname()[0])
        except OSError:
            pass
    return {a for a in addrs if not a.startswith("127.") and a != "0.0.0.0"}


async def test_streamable_http_on_localhost(real_cfg: Config, tmp_path: Path) -> None:
    port = _free_port()
    err = (tmp_path / "stderr.txt").open("wb")
    cmd = [*cli_command(), "serve", "--data-dir", str(real_cfg.data_dir), "--transport", "streamable-http"]
    proc = subprocess.Popen([*cmd, "--port", str(port)], cwd=REPO, stdout=subprocess.PIPE, stderr=err)
    try:
        _wait_for_port(port, proc)
        async with Client(f"http://127.0.0.1:{port}/mcp") as client:
            tools = await client.list_tools()
            assert len(tools.tools) == len(TOOL_NAMES)
            # the tools themselves: tests/test_mcp_stdio.py; here, that answers come back over HTTP
            r = await client.call_tool("get_node", {"node_id": "std.collection.HashMap"})
            assert not r.is_error and r.structured_content is not None
            assert r.structured_content["id"] == "std.collection.HashMap"
            bad = await client.call_tool("get_node", {"node_id": "std.collection.HashMapp"})
            assert bad.is_error and "Did you mean" in bad.content[0].text
        # bound to the loopback interface only: the kernel's table of listening sockets says so
        # (on any host, even one whose name resolves only to 127.0.0.1), and no other address answers
        assert _listening_addresses(port) == {"127.0.0.1"}
        for addr in _other_local_addresses():
            with pytest.raises(OSError), socket.create_connection((addr, port), timeout=0.5):
                pass
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        err.close()
    assert proc.stdout is not None and proc.stdout.read() == b""
    assert f"http://127.0.0.1:{port}/mcp" in (tmp_path / "stderr.txt").read_text(encoding="utf-8")
