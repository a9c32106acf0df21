"""cjkb-graph: a graph knowledge base of the Cangjie std/stdx APIs for translating Java to Cangjie."""

__version__ = "0.7.51"
