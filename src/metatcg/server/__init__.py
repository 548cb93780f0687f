"""The browser server (``metatcg serve``): games over HTTP and WebSockets, kept in a database,
with hidden information kept server-side. docs/server.md is its reference."""
