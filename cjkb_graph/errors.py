"""One exception tree; every message names the bad value and the next step."""

from __future__ import annotations

__all__ = ["BuildError", "CjkbError", "ConfigError", "GraphNotBuilt", "InputError", "NodeNotFound"]


class CjkbError(Exception):
    """Base of every error this package raises on purpose."""


class ConfigError(CjkbError):
    """config.yaml or an environment override is wrong."""


class BuildError(CjkbError):
    """The graph could not be built (missing corpus, unreadable tables...)."""


class GraphNotBuilt(CjkbError):
    """No built graph in the data dir."""


class InputError(CjkbError):
    """A request's input is out of range or malformed."""


class NodeNotFound(CjkbError):
    """No node with that id or qualname; ``suggestions`` holds close ids."""

    def __init__(self, message: str, suggestions: list[str] | None = None):
        super().__init__(message)
        self.suggestions = suggestions or []
