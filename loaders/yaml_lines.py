"""Line numbers of YAML list entries, for warnings that name ``file:line`` (shared by the loaders)."""

from __future__ import annotations

import yaml

__all__ = ["item_lines"]


def item_lines(text: str, key: str) -> list[int]:
    """1-based line of each entry of the top-level list ``key`` (empty when there is none).

    ``text`` must already parse (call ``yaml.safe_load`` first): this only reads positions."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    if not isinstance(root, yaml.MappingNode):
        return []
    for k, v in root.value:
        if k.value == key and isinstance(v, yaml.SequenceNode):
            return [item.start_mark.line + 1 for item in v.value]
    return []
