"""Metabaloids (2-4 players) by ../shared/rules/metabaloids.md (MB-… IDs); our own rulings
are PR-MB-… in docs/rulings.md and the design is docs/metabaloids.md."""
