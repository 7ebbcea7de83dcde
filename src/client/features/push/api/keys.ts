/** Cache keys of the push feature, defined once for queries and invalidation. */
export const pushKeys = {
  config: ["push", "config"] as const,
  devices: ["push", "devices"] as const,
  settings: ["push", "settings"] as const,
};
