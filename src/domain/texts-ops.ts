/**
 * What the operations endpoints say (issue 26, ADR 021): readiness, metrics and a server that is
 * shutting down. Operators and proxies read these, never the app's screens.
 */
export const opsTexts = {
  metricsRefused: "Metrics are not served to this client.",
  shuttingDown: "This server is shutting down; try again and another one will answer.",
} as const;
