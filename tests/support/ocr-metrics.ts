/** How well a reading matches the truth: the OCR tests and `npm run bench` report these. */

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** Levenshtein distance, two rows of memory. */
function editDistance(a: string, b: string): number {
  let previous = new Uint32Array(b.length + 1).map((_, j) => j);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitute = previous[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitute);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/** 1 − edit distance / length of the truth, whitespace runs counted as one space. */
export function characterAccuracy(truth: string, read: string): number {
  const t = squash(truth);
  if (t.length === 0) return read.trim() === "" ? 1 : 0;
  return Math.max(0, 1 - editDistance(t, squash(read)) / t.length);
}

export interface ClassKey {
  number: string;
  name: string;
}

/** Classes read exactly right (number and name), as a share of those read and of those printed. */
export function classScores(expected: readonly ClassKey[], read: readonly ClassKey[]) {
  const remaining = new Map<string, number>();
  const key = (c: ClassKey) => `${c.number}\u0000${c.name}`;
  for (const c of expected) remaining.set(key(c), (remaining.get(key(c)) ?? 0) + 1);
  let correct = 0;
  for (const c of read) {
    const left = remaining.get(key(c)) ?? 0;
    if (left > 0) {
      correct++;
      remaining.set(key(c), left - 1);
    }
  }
  return {
    correct,
    precision: read.length ? correct / read.length : expected.length ? 0 : 1,
    recall: expected.length ? correct / expected.length : 1,
  };
}
