"""Diagnostics returned by the Cangjie checker (pydantic models)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Severity = Literal["error", "warning", "info"]


class Diagnostic(BaseModel):
    """One finding; line and column are 1-based, the end is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int
    severity: Severity
    code: str
    message: str
    suggestions: list[str] = Field(default_factory=list)


class CheckResult(BaseModel):
    diagnostics: list[Diagnostic] = Field(default_factory=list)
    imports_missing: list[str] = Field(default_factory=list)
    parsed: bool = True
    apis: list[str] = Field(default_factory=list)
    ms: float = 0.0

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]
