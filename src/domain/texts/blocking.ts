/**
 * Blocking a person (ADR 008): only the roster's lines, the Friends tab and the block dialog use these words.
 */
export const blockingTexts = {
  block: "Block",
  blockLabel: (name: string) => `Block ${name}`,
} as const;
