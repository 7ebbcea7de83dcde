/**
 * What a part of the app whose code could not be fetched says instead (issue 26 item 5, ADR 024). In the
 * first load: it is shown exactly when nothing more can be fetched.
 */
export const loadFailureTexts = {
  title: "This part of Ringside could not load",
  offline: "You are offline",
  retry: "Retry",
} as const;
