"""``cjkb-graph serve``: the MCP server on stdio or streamable HTTP (protocol on stdout, logs on stderr)."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import sys
import threading
from typing import Any

from ..config import Config, load_config
from ..engine import Engine
from ..errors import CjkbError, GraphNotBuilt
from ..graph.store import GRAPH_FILE
from .output import Handler, engine_for, freeze_long_lived

__all__ = ["COMMANDS", "BackgroundLoader", "add_parsers", "worker_app"]

DEFAULT_PORT = 8765
log = logging.getLogger("cjkb_graph.mcp")


class BackgroundLoader:
    """Loads the engine in a thread started at once; ``get()`` waits for it (and re-raises its error).

    The engine's parts (search index, resolver, module list) are warmed after the first tool call has
    the graph (or after a few idle seconds), so warming does not compete with the SDK's import and
    the first answer, and later calls do not pay for building them.
    """

    def __init__(self, cfg: Config, warm: bool = True, warm_after_s: float = 3.0):
        self.cfg = cfg
        self.warm = warm
        self.warm_after_s = warm_after_s
        self._done = threading.Event()
        self._used = threading.Event()
        self._engine: Engine | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="cjkb-graph-load", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._engine = engine_for(self.cfg)
        except CjkbError as e:
            self._error = e
        except Exception as e:  # a corrupt or foreign file: reported on every call, the server stays up
            self._error = GraphNotBuilt(
                f"could not load the graph in '{self.cfg.data_dir}' ({type(e).__name__}: {e}); "
                "rebuild it with `cjkb-graph build --force`"
            )
            self._error.__cause__ = e
        finally:
            self._done.set()
        if self._error is not None:
            log.error("%s", self._error)
        elif self.warm:
            self._used.wait(self.warm_after_s)
            self._warm(self._engine)

    @staticmethod
    def _warm(engine: Engine | None) -> None:
        try:
            if engine is not None:
                engine.warm()
                freeze_long_lived()  # the warmed parts live as long as the server
        except Exception as e:  # warming is an optimisation only
            log.warning("warming the engine failed: %s", e)

    def get(self) -> Engine:
        self._done.wait()
        self._used.set()
        if self._error is not None:
            raise self._error
        assert self._engine is not None  # set when no error was recorded
        return self._engine


def _progress() -> Any:
    count = [0]

    def step(label: str) -> None:
        count[0] += 1
        if count[0] % 100 == 0:
            print(f"cjkb-graph serve: parsed {count[0]} doc files ...", file=sys.stderr, flush=True)

    return step


def _ensure_built(cfg: Config) -> None:
    """Build the graph first when it is missing and a corpus is configured; else say how to build it."""
    if (cfg.data_dir / GRAPH_FILE).exists():
        return
    if not cfg.corpus_roots:
        raise GraphNotBuilt(
            f"no built graph in '{cfg.data_dir}' and no corpus configured: run `cjkb-graph build --corpus DIR` "
            "first (or pass --data-dir pointing at a built graph)"
        )
    print(
        f"cjkb-graph serve: no built graph in {cfg.data_dir}; building it from "
        f"{', '.join(str(r) for r in cfg.corpus_roots)} (once, about 10 s)",
        file=sys.stderr,
        flush=True,
    )
    with contextlib.redirect_stdout(sys.stderr):  # stdout belongs to the protocol
        from ..pipeline import build_and_save

        outcome = build_and_save(cfg, progress=_progress())
    c = outcome.manifest.get("counts", {})
    print(
        f"cjkb-graph serve: built {c.get('total_nodes', '?')} nodes, {c.get('total_edges', '?')} edges",
        file=sys.stderr,
        flush=True,
    )


def _mcp_server(cfg: Config, log_level: str) -> Any:
    loader = BackgroundLoader(cfg)  # starts loading while the SDK imports
    logging.basicConfig(level=log_level, stream=sys.stderr, format="cjkb-graph: %(levelname)s %(message)s")
    # the primer from the configured construct table (config.yaml), not the package default
    from ..java.primer import java_primer
    from ..mcp_server import build_server  # the SDK import takes ~1 s: only when serving

    return build_server(loader.get, log_level=log_level, primer=java_primer(cfg.constructs_path))


def cmd_serve(args: argparse.Namespace, cfg: Config) -> int:
    _ensure_built(cfg)
    stateless_http = args.transport == "streamable-http" and args.stateless
    # serve.workers applies where workers can apply; an explicit --workers elsewhere is a mistake
    workers = args.workers if args.workers is not None else (cfg.serve.workers if stateless_http else 1)
    if workers < 1:
        raise CjkbError(f"--workers must be 1 or more; got {workers}")
    if workers > 1 and not stateless_http:
        raise CjkbError(
            f"--workers {workers} needs `--transport streamable-http --stateless`: sessions live in one "
            "process, so only stateless requests can go to any worker"
        )
    if workers > 1:
        return _serve_workers(args, cfg, workers)
    server = _mcp_server(cfg, args.log_level)
    if args.transport == "stdio":
        server.run("stdio")
        return 0
    return _serve_http(server, args, cfg)


LOOPBACK = ("127.0.0.1", "localhost", "::1")


class _OnceFilter(logging.Filter):
    """Let each distinct log message through once (a low file limit otherwise logs per connection)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        key = f"{record.name}:{record.levelno}:{record.getMessage()[:200]}"
        if key in self.seen:
            return False
        if len(self.seen) < 10_000:
            self.seen.add(key)
        return True


def bearer_guard(app: Any, token: str) -> Any:
    """ASGI middleware: HTTP requests without ``Authorization: Bearer <token>`` get 401."""
    import hmac

    expected = f"Bearer {token}".encode()

    async def guarded(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") == "http":
            got = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(got, expected):
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [(b"content-type", b"text/plain"), (b"www-authenticate", b"Bearer")],
                    }
                )
                await send({"type": "http.response.body", "body": b"missing or wrong bearer token\n"})
                return
        await app(scope, receive, send)

    return guarded


def _token(args: argparse.Namespace, cfg: Config) -> str | None:
    env = args.token_env or cfg.serve.bearer_token_env
    if not env:
        return None
    token = os.environ.get(env, "")
    if not token:
        raise CjkbError(f"the bearer token variable {env} is empty or unset; export it or drop --token-env")
    return token


def _warn_host(args: argparse.Namespace, token: str | None) -> None:
    if args.host not in LOOPBACK:
        print(
            f"cjkb-graph serve: WARNING: listening on {args.host}: the MCP SDK's Host/Origin checks "
            "(DNS-rebinding protection) are OFF for a non-loopback host"
            + (
                "; requests need the bearer token"
                if token
                else " and there is NO authentication: anyone who can reach the port can query it. "
                "Set serve.bearer_token_env or --token-env VAR to require `Authorization: Bearer ...`"
            ),
            file=sys.stderr,
            flush=True,
        )


def _http_app(server: Any, cfg: Config, stateless: bool, host: str, token: str | None) -> Any:
    sv = cfg.serve
    app = server.streamable_http_app(
        stateless_http=stateless,
        json_response=stateless,
        session_idle_timeout=None if stateless else sv.session_idle_s,
        max_sessions=None if stateless else sv.max_sessions,
        host=host,
    )
    if token:
        app = bearer_guard(app, token)
    once = _OnceFilter()
    for name in ("uvicorn.error", "uvicorn.access", "cjkb_graph.mcp"):
        logging.getLogger(name).addFilter(once)
    return app


def _announce(args: argparse.Namespace, cfg: Config, workers: int) -> None:
    sv = cfg.serve
    mode = (
        "stateless JSON" if args.stateless else f"sessions <= {sv.max_sessions}, idle {sv.session_idle_s:g} s"
    )
    procs = f"{workers} worker processes, " if workers > 1 else ""
    print(
        f"cjkb-graph serve: streamable HTTP on http://{args.host}:{args.port}/mcp ({mode}; {procs}"
        f"connections <= {sv.max_connections}{' per worker' if workers > 1 else ''}, keep-alive "
        f"{sv.keepalive_s:g} s)",
        file=sys.stderr,
        flush=True,
    )


def _uvicorn_options(args: argparse.Namespace, cfg: Config) -> dict[str, Any]:
    return {
        "host": args.host,
        "port": args.port,
        "log_level": args.log_level.lower(),
        "limit_concurrency": cfg.serve.max_connections,
        "timeout_keep_alive": int(max(1, cfg.serve.keepalive_s)),
        "log_config": None,
    }


def _serve_http(server: Any, args: argparse.Namespace, cfg: Config) -> int:
    import uvicorn

    token = _token(args, cfg)
    _warn_host(args, token)
    app = _http_app(server, cfg, args.stateless, args.host, token)
    _announce(args, cfg, 1)
    uvicorn.Server(uvicorn.Config(app, **_uvicorn_options(args, cfg))).run()
    return 0


_WORKER_ENV = "CJKB_SERVE_WORKER"


def _serve_workers(args: argparse.Namespace, cfg: Config, workers: int) -> int:
    """uvicorn's process manager: ``workers`` processes share the port, each loads its own graph
    (``worker_app``); a worker that dies is restarted. Settings reach them through the environment."""
    token = _token(args, cfg)  # checked here, so a missing token fails before any worker starts
    _warn_host(args, token)
    os.environ[_WORKER_ENV] = json.dumps(
        {
            "config": getattr(args, "config", None),
            "data_dir": str(cfg.data_dir),
            "host": args.host,
            "log_level": args.log_level,
            "token_env": args.token_env or cfg.serve.bearer_token_env,
        }
    )
    _announce(args, cfg, workers)
    from uvicorn.supervisors import Multiprocess

    from .workers import TcpConfig

    config = TcpConfig(f"{__name__}:worker_app", factory=True, workers=workers, **_uvicorn_options(args, cfg))
    with contextlib.suppress(KeyboardInterrupt):
        Multiprocess(config, sockets=[config.bind_socket()]).run()
    return 0


def worker_app() -> Any:
    """The ASGI app of one worker process of ``serve --workers N`` (uvicorn calls this factory)."""
    spec = json.loads(os.environ[_WORKER_ENV])
    cfg = load_config(spec["config"], data_dir=spec["data_dir"])
    token = os.environ.get(spec["token_env"]) if spec["token_env"] else None
    if spec["token_env"] and not token:
        raise CjkbError(f"the bearer token variable {spec['token_env']} is empty or unset")
    return _http_app(_mcp_server(cfg, spec["log_level"]), cfg, True, spec["host"], token)


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    s = sub.add_parser(
        "serve",
        parents=[common],
        help="serve the graph to coding agents over MCP (stdio or streamable HTTP)",
        description="Serve the graph over the Model Context Protocol. stdout carries only the protocol; "
        "logs go to stderr. HTTP binds to 127.0.0.1 unless --host says otherwise.",
    )
    s.add_argument("--transport", choices=["stdio", "streamable-http"], default="stdio")
    s.add_argument("--host", default="127.0.0.1", help="HTTP only (default 127.0.0.1)")
    s.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"HTTP only (default {DEFAULT_PORT})")
    s.add_argument(
        "--stateless",
        action="store_true",
        help="HTTP only: no sessions, one JSON answer per POST (scales behind a load balancer)",
    )
    s.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="HTTP with --stateless only: N worker processes on one port (default: serve.workers, 1)",
    )
    s.add_argument(
        "--token-env",
        metavar="VAR",
        help="HTTP only: require `Authorization: Bearer $VAR` (default: serve.bearer_token_env)",
    )
    s.add_argument(
        "--log-level", default="WARNING", choices=["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
    )


COMMANDS: dict[str, Handler] = {"serve": cmd_serve}
