"""Text: tokenizing code identifiers and CJK text, signatures."""
