"""Pure text functions: tokenising, normalising numerals and dates, lemmas, names, spans."""
