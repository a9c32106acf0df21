"""Check Cangjie drafts against the knowledge graph (tree-sitter-cangjie parse + local type inference).

    from cjkb_graph.cangjie import CangjieChecker, example_uses
    ck = CangjieChecker(G)            # G: the built networkx.MultiDiGraph; the index is built once
    res = ck.check(code)              # CheckResult: diagnostics, imports_missing, parsed, apis, ms
    for d in res.diagnostics:         # Diagnostic: line, column, end_line, end_column (1-based),
        print(d.line, d.code, d.message, d.suggestions)  # severity error|warning|info
    ck.apis(code)                     # graph API ids the code calls or reads
    example_uses(G, ck)               # [(example id, API id)] for every example node's code

Modules: parse (tree-sitter, masks, syntax errors), javaisms (lexical Java-ism rules), decls (imports
and the file's own declarations), index (graph lookups), types/infer (type expressions and local
inference), check/members (the walk and the reference checks), examples, models.
"""

from ..models import CheckResult, Diagnostic
from .check import CangjieChecker
from .examples import example_uses

__all__ = ["CangjieChecker", "CheckResult", "Diagnostic", "example_uses"]
