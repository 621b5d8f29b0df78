"""Scenario files: the safe reader, the models, one module per kind, share links, the command line's report."""
