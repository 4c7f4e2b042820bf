"""The table-side Textual app: it renders the engine's views and dispatches actions through
the session. It decides no rule."""
