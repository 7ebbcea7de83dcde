/**
 * The class number shown on the show detail: the part of a class id after the first hyphen
 * (`cel-12E` → `12E`, `sfs-3` → `3`). An id without a hyphen is shown whole.
 */
export function classNumberFromId(id: string): string {
  const hyphen = id.indexOf("-");
  return hyphen < 0 ? id : id.slice(hyphen + 1);
}
