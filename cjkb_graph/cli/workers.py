"""The uvicorn configuration of ``serve --workers N`` (imported only then: uvicorn is not needed
for stdio). A module of its own because uvicorn pickles the configuration to each worker."""

from __future__ import annotations

import socket

import uvicorn

__all__ = ["TcpConfig"]


class TcpConfig(uvicorn.Config):
    """A uvicorn Config whose shared socket is declared TCP.

    uvicorn binds the socket it hands to its workers with protocol 0, and asyncio sets TCP_NODELAY
    only on IPPROTO_TCP sockets: every keep-alive answer of a worker then waited about 40 ms for a
    delayed ACK. Declared TCP, the workers' connections get TCP_NODELAY as a single server's do.
    """

    def bind_socket(self) -> socket.socket:
        sock = super().bind_socket()
        return socket.socket(sock.family, socket.SOCK_STREAM, socket.IPPROTO_TCP, fileno=sock.detach())
