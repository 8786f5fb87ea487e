"""The browser interface: a small ASGI app over the step-wise game engine."""
