"""Content: the lessons' model, the scenario library, the glossary, the sources and their translations. No UI import."""
