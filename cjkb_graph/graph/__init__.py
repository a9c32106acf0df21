"""The graph layer: build from records, the Java layer, save/load, the read-only KnowledgeBase view, export."""
