"""The command line: one module per group of subcommands, registered by main (no back-imports)."""
