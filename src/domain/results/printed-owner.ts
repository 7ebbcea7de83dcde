/**
 * A standing's owner (issue 36, ADR 048): the owner as printed on the horse's results at its newest show in
 * the standings, the public sheet's words, never a Ringside account. The sheets' lines come newest show
 * first (its start date, then its id), and within a show by class; the newest show is the first line's.
 * Its first line that printed an owner gives it; a horse whose newest show printed none has "".
 */
export interface PrintedLine {
  /** The standing the line counts in (its division and horse key), as the caller keys it. */
  standing: string;
  show_id: string;
  owner_name: string;
}

/** Each standing's owner, from its sheets' lines in the order above (every standing met has an entry). */
export function newestPrintedOwners(lines: Iterable<PrintedLine>): Map<string, string> {
  const newest = new Map<string, string>();
  const owners = new Map<string, string>();
  for (const line of lines) {
    const show = newest.get(line.standing) ?? line.show_id;
    newest.set(line.standing, show);
    const owner = line.owner_name.trim();
    if (show !== line.show_id || owners.get(line.standing)) continue;
    owners.set(line.standing, owner);
  }
  return owners;
}
