"""Presentation: terminal transcripts and prompts."""
