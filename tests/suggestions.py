"""Helpers the resolver tests share: the suggestion for one call's text, and its first answer."""

from __future__ import annotations

from cjkb_graph.models import CallSuggestion, ResolveResult


def sugg(r: ResolveResult, text: str, prefix: bool = False) -> CallSuggestion:
    """The first suggestion whose call text is ``text`` (starts with it, with ``prefix``)."""
    hits = [
        s
        for s in r.suggestions
        if s.call and (s.call.text.startswith(text) if prefix else s.call.text == text)
    ]
    assert hits, f"no suggestion for {text}: {[s.call.text for s in r.suggestions if s.call]}"
    return hits[0]


def top(s: CallSuggestion) -> str | None:
    """The qualname of the first candidate, None when there is none."""
    return s.candidates[0].qualname if s.candidates else None


def top_of(r: ResolveResult, text: str) -> str | None:
    """The qualname of the first candidate for the call whose text is ``text``."""
    return top(sugg(r, text))


def instead_only(s: CallSuggestion) -> str | None:
    """For a curated ``none``: no candidate, and the qualname of the first API named to write instead."""
    assert not s.candidates, [c.qualname for c in s.candidates]
    return s.instead[0].qualname if s.instead else None
