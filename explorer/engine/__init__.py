"""The Baloot rules engine: pure Python, no UI library, in layers that import only downwards:

* :mod:`.core`: values and tables (cards, rule tables, contracts, profiles), sentences as messages
  (:mod:`.core.i18n`) and the one error hierarchy (:mod:`.core.errors`);
* :mod:`.rules`: each rule as a verdict with its reason (the deal, the bidding and escalation, trick play,
  projects, scoring, the match);
* :mod:`.game`: one deal as frozen snapshots, a seat's view, records, the practice match;
* :mod:`.files`: scenario files, read safely and judged by kind;
* :mod:`.fast`: the vectorised simulator; :mod:`.players`: the computer players.
"""
