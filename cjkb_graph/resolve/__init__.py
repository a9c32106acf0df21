"""Resolving Java to Cangjie: the per-call resolver, Java symbol lookup, descriptions, error hints, LLM, evaluation."""
