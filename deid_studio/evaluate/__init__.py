"""Evaluation: span and token metrics, cross-validation, learning curves. No DB, no Qt."""
