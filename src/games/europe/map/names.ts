/**
 * Name normalization shared by the map loader and the parser: case-insensitive, full-width letters and
 * digits folded to half-width, spaces and middle dots dropped. Traditional→Simplified happens in the parser
 * before lookup (commands.md §1).
 */
export function normalizeName(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\u3000·・.'’_-]+/g, '');
}

/**
 * How an id is matched: as written, only case and width folded. `a_land` stays apart from a name `Aland`
 * (issue 11 item 26); the punctuation-free folding of normalizeName is for display names and aliases.
 */
export function idKey(s: string): string {
  return s.normalize('NFKC').toLowerCase().trim();
}

/** The id a typed name stands for in one of a GameMap's name indexes: an id as written first, then a folded name. */
export function findName(index: ReadonlyMap<string, string>, text: string): string | undefined {
  return index.get(idKey(text)) ?? index.get(normalizeName(text));
}
