"""Content tests."""
