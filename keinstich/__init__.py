"""Kein Stich teaching kit: the engine (cards, trick play, contracts, domino, partie, records).

Every word it says comes from its message catalogs, in English or German: ``keinstich.set_language("de")``
chooses (else ``KEINSTICH_LANG``, else the locale, else English; :mod:`keinstich.wording.i18n`).
"""

from keinstich.wording.i18n import language, set_language, use_language

__all__ = ["language", "set_language", "use_language"]
