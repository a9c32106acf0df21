"""Check Cangjie drafts against the knowledge graph (tree-sitter-cangjie parse + local type inference)."""

from .check import CangjieChecker
from .examples import example_uses
from .models import CheckResult, Diagnostic

__all__ = ["CangjieChecker", "CheckResult", "Diagnostic", "example_uses"]
