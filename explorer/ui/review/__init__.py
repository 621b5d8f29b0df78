"""The end-of-deal review drawn on a page: each flagged card with both views and the reasons in words."""
