"""Adapters for reinforcement learning: fixed-size action numbering and observations.

Import the modules themselves (``metatcg.rl.codec``); this package imports nothing so that
loading one adapter never pulls in numpy-heavy parts it does not need."""
