/** Lower case, no accents, single spaces: "São  Paulo" and "sao paulo" compare equal. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Every word of the query appears in the text (both normalised), so word order does not matter. */
export function matchesSearch(normalizedHaystack: string, query: string): boolean {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  if (words.length === 0) return false;
  const padded = ` ${normalizedHaystack} `;
  return words.every((word) => padded.includes(word));
}
