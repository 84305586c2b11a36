"""Use cases: one function per thing a user does, each in one transaction with its audit."""
