/**
 * The spec's search rule, used by every search box and filter checklist:
 * split the query on whitespace; a text matches when every word appears in it, case-insensitive.
 * A blank query matches everything.
 */

/** The lowercased, non-empty words of a query. */
export function searchWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** True when every word of `query` occurs somewhere in `text` (case-insensitive); true for a blank query. */
export function matchesAllWords(text: string, query: string): boolean {
  const haystack = text.toLowerCase();
  return searchWords(query).every((word) => haystack.includes(word));
}
