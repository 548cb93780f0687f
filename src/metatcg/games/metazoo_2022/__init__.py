"""MetaZoo 2022 (2-4 Casters) by ../shared/rules/metazoo-2022.md (MZ22-… IDs), designed in
docs/metazoo-2022.md. Not registered as a game yet: for now the Page schema and pool loader."""
