"""The practice table's feature: the card table component, its taps, its settings."""
