"""``python -m metatcg``: the same as the ``metatcg`` command."""
from .cli.main import app

app()
