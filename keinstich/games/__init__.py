"""The games: Kein Stich, Herzeln and Herzblatt, one module each."""
