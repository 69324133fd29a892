/**
 * What the list's `q` compares: lower case, accents gone, punctuation a space, each word preceded
 * by a space (`"Av. José Pedro Alessandri"` → `" av jose pedro alessandri"`), so that "a word that
 * starts with q" is `includes(' ' + q)` — the anchored regex `\b^q` of the other lists, in memory.
 */
export function searchText(text: string): string {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return words ? ` ${words}` : '';
}
