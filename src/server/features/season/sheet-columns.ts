/**
 * The PDF sheet's column widths (issue 34 item 8). pdfkit wraps a cell's text at spaces and after
 * hyphens, and cuts a word only when it is wider than the cell, so a column narrower than its longest
 * word printed "Clas s" and "Midnight M asterpiece" in large type. Each column is therefore at least as
 * wide as its longest word, the rest of the width shared as the column shares say; only a word too
 * long for any sensible column (over `MOST` of the table) still breaks inside.
 */

/** The widest a column grows to keep one word whole, as a share of the table's width. */
export const MOST = 0.45;

/** The pieces a line can never break inside: what lies between spaces, a hyphen staying with its word. */
export function unbreakablePieces(text: string): string[] {
  return text.split(/\s+|(?<=-)/).filter((piece) => piece !== "");
}

/**
 * Widths for columns with these `shares` (summing to 1) of `total`, each at least its `needs` (the
 * widest unbreakable piece it holds, padding included) where all the needs fit; if they do not, the
 * needs scaled down to fit, so words break only when no layout could hold them.
 */
export function fitColumns(shares: readonly number[], needs: readonly number[], total: number): number[] {
  const least = needs.map((need) => Math.min(need, total * MOST));
  const sumLeast = least.reduce((a, b) => a + b, 0);
  if (sumLeast >= total) return least.map((need) => (need * total) / sumLeast);
  const held = new Set<number>();
  for (;;) {
    const left = total - [...held].reduce((a, i) => a + least[i]!, 0);
    const free = shares.flatMap((share, i) => (held.has(i) ? [] : [{ i, share }]));
    const freeShares = free.reduce((a, f) => a + f.share, 0);
    const short = free.filter((f) => (f.share / freeShares) * left < least[f.i]!);
    if (free.length === 0 || short.length === 0) {
      return shares.map((share, i) => {
        if (!held.has(i)) return (share / freeShares) * left;
        return free.length === 0 ? least[i]! + left * share : least[i]!;
      });
    }
    for (const f of short) held.add(f.i);
  }
}
