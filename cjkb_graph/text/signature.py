"""Parameter lists of member ids and signatures: counts, types and the arity range of an overload."""

from __future__ import annotations

__all__ = ["arity_range", "param_count", "param_types"]


def param_count(node_id: str) -> int | None:
    """Number of parameters in a member id such as ``X.add(K,V)``; None when it has no list."""
    i = node_id.find("(")
    if i < 0:
        return None
    inner = node_id[i + 1 : node_id.rfind(")")]
    if not inner.strip():
        return 0
    depth = 0
    count = 1
    for ch in inner:
        if ch in "(<[":
            depth += 1
        elif ch in ")]" or (ch == ">" and depth > 0):
            depth -= 1
        elif ch == "," and depth == 0:
            count += 1
    return count


def param_types(node_id: str) -> list[str]:
    """Parameter types in a member id: ``X.init(Collection<T>)`` -> ["Collection<T>"]."""
    i = node_id.find("(")
    if i < 0:
        return []
    inner = node_id[i + 1 : node_id.rfind(")")]
    parts: list[str] = []
    depth = 0
    cur: list[str] = []
    for j, ch in enumerate(inner):
        if ch in "(<[":
            depth += 1
        elif ch in ")]" or (ch == ">" and inner[j - 1 : j] != "-"):
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if cur:
        parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]


def arity_range(node_id: str, signature: str) -> tuple[int, int]:
    """(required, total) parameters of an overload; parameters with a default are optional.

    ``(-1, -1)`` when the id has no parameter list (props, types)."""
    total = param_count(node_id)
    if total is None:
        return (-1, -1)
    head = signature.split("\n", 1)[0]
    i = head.find("(")
    if i < 0:
        return (total, total)
    depth = 0
    end = len(head)
    for j in range(i, len(head)):
        if head[j] in "([<":
            depth += 1
        elif head[j] in ")]" or (head[j] == ">" and head[j - 1] != "-"):
            depth -= 1
            if depth == 0 and head[j] == ")":
                end = j
                break
    params = param_types("x(" + head[i + 1 : end] + ")")
    optional = sum(1 for p in params if "=" in p)
    lo, hi = max(0, total - optional), total
    last = params[-1] if params else ""
    if "!" not in last.split(":")[0] and last.split(":")[-1].strip().startswith("Array<"):
        lo, hi = max(0, lo - 1), 1 << 16  # a trailing Array parameter is variadic
    return (lo, hi)
