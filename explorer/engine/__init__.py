"""The Baloot rules engine: pure Python, no UI library.

Cards and seats (:mod:`.cards`), rule tables (:mod:`.tables`), profiles (:mod:`.profiles`),
play (:mod:`.play`), projects (:mod:`.projects`), scoring (:mod:`.scoring`) and scenario
files (:mod:`.scenario`).
"""
