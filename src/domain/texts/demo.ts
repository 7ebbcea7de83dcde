/** The banner of a demo others can reach (ADR 016); only the lazily loaded banner shows it. */
export const demoTexts = {
  banner: "Demo mode — anyone can sign in as the admin",
} as const;
