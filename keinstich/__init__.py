"""Kein Stich teaching kit: the engine (cards, trick play, contracts, domino, partie, records)."""
