"""Masking: category tags, surrogates, date shifts, ages, IDs, the leak check. No DB, no Qt."""
