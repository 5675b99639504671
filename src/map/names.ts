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
