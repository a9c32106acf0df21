"""A tiny OpenAI-compatible chat-completions server on 127.0.0.1 for tests.

The requested ``model`` picks the behaviour: ``good`` (a valid answer reversing each candidate
list), ``garbage`` (text that is not JSON), ``error`` (HTTP 500), ``slow`` (answers after 8 s),
``describe`` (a bilingual description), ``hint`` (an error hint), ``trickle`` (a valid answer sent
one byte every 0.3 s: each read is quick, the whole answer takes minutes).
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class _Handler(BaseHTTPRequestHandler):
    server: Any

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        if self.path.rstrip("/").endswith("/models"):
            self._send(200, {"object": "list", "data": [{"id": "good", "object": "model"}]})
        else:
            self._send(404, {"error": "not found"})

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        self.server.requests.append(body)
        model = body.get("model", "")
        user = body["messages"][-1]["content"]
        if model == "error":
            self._send(500, {"error": {"message": "boom"}})
            return
        if model == "slow":
            time.sleep(8)
        if model == "trickle":
            self._trickle()
            return
        if model == "garbage":
            content = "I think the first one is best, probably."
        elif model == "hint":
            content = json.dumps({"hint": "Use add instead of put."})
        elif model == "describe":
            content = json.dumps({"en": "Counts words.", "zh": "统计单词。"}, ensure_ascii=False)
        else:
            order: dict[str, list[str]] = {}
            current = None
            for line in user.splitlines():
                m = re.match(r"Call (\d+):", line)
                if m:
                    current = m.group(1)
                    order[current] = []
                m2 = re.match(r"\s+- (\S+) ::", line)
                if m2 and current is not None:
                    order[current].append(m2.group(1))
            content = "```json\n" + json.dumps({"order": {k: v[::-1] for k, v in order.items()}}) + "\n```"
        self._send(
            200,
            {
                "id": "x",
                "object": "chat.completion",
                "created": 0,
                "model": model,
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": content},
                        "finish_reason": "stop",
                    }
                ],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            },
        )

    def _trickle(self) -> None:
        data = json.dumps({"choices": [{"index": 0, "message": {"role": "assistant", "content": "{}"}}]})
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        with contextlib.suppress(BrokenPipeError, ConnectionResetError, OSError):
            for ch in data.encode():
                self.wfile.write(bytes([ch]))
                self.wfile.flush()
                time.sleep(0.3)

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.wfile.write(data)


class FakeLLMServer:
    def __init__(self) -> None:
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.httpd.daemon_threads = True
        self.httpd.requests = []  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    @property
    def requests(self) -> list[dict[str, Any]]:
        return self.httpd.requests  # type: ignore[attr-defined,no-any-return]

    def __enter__(self) -> FakeLLMServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
