/** A record's placing as people say it: 1 → "1st", 2 → "2nd", 3 → "3rd", 4..10 → "4th".., others as stored. */
export function placingLabel(placing: string): string {
  if (!/^\d+$/.test(placing)) return placing;
  const n = Number(placing);
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}
