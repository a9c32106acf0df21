"""Streamable HTTP limits on 127.0.0.1: the session cap with idle expiry, the bearer token, stateless mode."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cjkb_graph.config import Config

from .test_mcp_http import _free_port, _wait_for_port
from .test_mcp_stdio import REPO, cli_command

pytestmark = [pytest.mark.timeout(120), pytest.mark.corpus]

INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "0"},
    },
}
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


class _Resp:
    def __init__(self, status: int, headers: dict[str, str], body: bytes):
        self.status_code, self.headers, self.body = status, headers, body

    def json(self) -> dict[str, object]:
        return json.loads(self.body)  # type: ignore[no-any-return]


class _Client:
    def __init__(self, timeout: float) -> None:
        self.timeout = timeout

    def __enter__(self) -> _Client:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def post(self, url: str, json: dict[str, object], headers: dict[str, str]) -> _Resp:
        req = urllib.request.Request(url, data=_dumps(json), headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as r:
                return _Resp(r.status, {k.lower(): v for k, v in r.headers.items()}, r.read())
        except urllib.error.HTTPError as e:
            return _Resp(e.code, {k.lower(): v for k, v in e.headers.items()}, e.read())


def _dumps(value: object) -> bytes:
    return json.dumps(value).encode()


@contextmanager
def http_server(
    real_cfg: Config, tmp_path: Path, yaml: str, *extra: str, env: dict[str, str] | None = None
) -> Iterator[str]:
    cfg_file = tmp_path / "config.yaml"
    cfg_file.write_text(yaml)
    port = _free_port()
    cmd = [*cli_command(), "serve", "--config", str(cfg_file), "--data-dir", str(real_cfg.data_dir)]
    cmd += ["--transport", "streamable-http", "--port", str(port), *extra]
    err = (tmp_path / "stderr.txt").open("wb")
    proc = subprocess.Popen(
        cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=err, env={**os.environ, **(env or {})}
    )
    try:
        _wait_for_port(port, proc)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        err.close()


def test_sessions_are_capped_and_idle_ones_expire(real_cfg: Config, tmp_path: Path) -> None:
    yaml = "serve:\n  max_sessions: 3\n  session_idle_s: 2\n"
    with http_server(real_cfg, tmp_path, yaml) as url, _Client(timeout=10) as c:
        codes = [c.post(url, json=INIT, headers=HEADERS).status_code for _ in range(6)]  # never DELETEd
        assert codes[:3] == [200, 200, 200] and 503 in codes[3:]
        time.sleep(4)  # the idle sessions expire: new clients get in again
        assert c.post(url, json=INIT, headers=HEADERS).status_code == 200


def test_the_bearer_token_is_required_when_set(real_cfg: Config, tmp_path: Path) -> None:
    env = {"CJKB_TEST_TOKEN": "s3cret-token"}
    with (
        http_server(real_cfg, tmp_path, "", "--token-env", "CJKB_TEST_TOKEN", env=env) as url,
        _Client(timeout=10) as c,
    ):
        assert c.post(url, json=INIT, headers=HEADERS).status_code == 401
        bad = {**HEADERS, "Authorization": "Bearer wrong"}
        assert c.post(url, json=INIT, headers=bad).status_code == 401
        good = {**HEADERS, "Authorization": "Bearer s3cret-token"}
        assert c.post(url, json=INIT, headers=good).status_code == 200


def test_stateless_mode_answers_plain_json_without_a_session(real_cfg: Config, tmp_path: Path) -> None:
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "get_node", "arguments": {"node_id": "std.collection.HashMap"}}}  # fmt: skip
    with http_server(real_cfg, tmp_path, "", "--stateless") as url, _Client(timeout=30) as c:
        for _ in range(20):  # more than any session cap would matter; nothing accumulates
            r = c.post(url, json=INIT, headers=HEADERS)
            assert r.status_code == 200 and "mcp-session-id" not in r.headers
        r = c.post(url, json=call, headers={**HEADERS, "MCP-Protocol-Version": "2025-06-18"})
        assert (
            r.status_code == 200 and r.json()["result"]["structuredContent"]["id"] == "std.collection.HashMap"
        )


def test_workers_serve_stateless_calls_from_several_processes(real_cfg: Config, tmp_path: Path) -> None:
    call = {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
            "params": {"name": "search_api", "arguments": {"query": "hash map put", "top_k": 3}}}  # fmt: skip
    with (
        http_server(real_cfg, tmp_path, "", "--stateless", "--workers", "2") as url,
        _Client(timeout=60) as c,
    ):
        answers = []
        for _ in range(12):  # new connection each time: the kernel spreads them over both workers
            r = c.post(url, json=call, headers={**HEADERS, "MCP-Protocol-Version": "2025-06-18"})
            assert r.status_code == 200
            answers.append([h["qualname"] for h in r.json()["result"]["structuredContent"]["hits"]])
        assert all(a == answers[0] for a in answers) and "std.collection.HashMap.add" in answers[0][:3]
    err = (tmp_path / "stderr.txt").read_text()
    assert "2 worker processes" in err


@pytest.mark.parametrize("extra", [(), ("--transport", "streamable-http")])
def test_workers_without_stateless_http_is_refused(real_cfg: Config, extra: tuple[str, ...]) -> None:
    cmd = [*cli_command(), "serve", "--data-dir", str(real_cfg.data_dir), "--workers", "3", *extra]
    out = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "--workers 3 needs `--transport streamable-http --stateless`" in out.stderr
    assert "Traceback" not in out.stderr


def _nodelay_of_accepted(sock: socket.socket) -> int:
    """TCP_NODELAY of a connection accepted by an asyncio server on ``sock`` (as uvicorn runs it)."""
    seen: list[int] = []

    async def main() -> None:
        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            s = writer.get_extra_info("socket")
            seen.append(s.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(handle, sock=sock)
        port = sock.getsockname()[1]
        _, w = await asyncio.open_connection("127.0.0.1", port)
        for _ in range(100):
            if seen:
                break
            await asyncio.sleep(0.01)
        w.close()
        server.close()

    asyncio.run(main())
    return seen[0]


def test_worker_connections_get_tcp_nodelay() -> None:
    """uvicorn binds its workers' shared socket with protocol 0, so asyncio left Nagle on and every
    keep-alive answer of a worker waited ~40 ms for a delayed ACK; TcpConfig declares it TCP."""
    from cjkb_graph.cli.workers import TcpConfig

    # the control: a stream socket declared with protocol 0, as older uvicorn bound it (newer
    # uvicorn declares IPPROTO_TCP itself, so its own socket is no control on every machine)
    plain = socket.socket(socket.AF_INET, socket.SOCK_STREAM, 0)
    plain.bind(("127.0.0.1", 0))
    assert _nodelay_of_accepted(plain) == 0
    tcp = TcpConfig("x:app", host="127.0.0.1", port=0).bind_socket()
    assert tcp.proto == socket.IPPROTO_TCP
    assert _nodelay_of_accepted(tcp) != 0
