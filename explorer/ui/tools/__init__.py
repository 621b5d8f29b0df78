"""The Explore tools' shared widgets: card taps, contract inputs, the verdict bar, the inbox, form conversion, the score pipeline view."""
