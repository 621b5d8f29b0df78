"""The rules, each verdict data: trick play, bidding and escalation, projects, scoring, the match and the deal."""
