"""BM25 search over the graph: the index (build, save, load) and the fused query routes."""
