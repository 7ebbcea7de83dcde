/** Model text is untrusted: one line, no control or format characters, at most `max` characters. */
export function cleanModelText(text: string, max: number): string {
  const line = text
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
