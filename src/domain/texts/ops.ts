/**
 * What the operations endpoints say (issue 26, ADR 021): readiness, metrics, a server that is
 * shutting down and a person's live streams over the limit (ADR 020). Operators, proxies and scripts
 * read these, never the app's screens (a refused EventSource only tries again later).
 */
export const opsTexts = {
  metricsRefused: "Metrics are not served to this client.",
  badEventsQuery: "The live stream takes only since, a notification list version such as 12.3.",
  badRingStreamQuery: (max: number) =>
    `The ring stream takes only shows: 1 to ${max} show ids separated by commas.`,
  shuttingDown: "This server is shutting down; try again and another one will answer.",
  tooManyStreams: (limit: number) =>
    `You have too many live updates open (${limit} at once). Close some Ringside tabs or devices and try again.`,
} as const;
