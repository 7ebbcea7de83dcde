/**
 * How much results may hold (issue 22). On their own, without zod, so the screens that need a limit do not
 * pull the contracts (and zod) into the browser: zod's set-up probes for eval, which the page's CSP reports
 * as a violation (a Lighthouse best-practices failure on Standings); and the result-line reader (csv-parse,
 * which needs Node's Buffer) stays out too.
 */
/** The most placings one class's results may list. */
export const MAX_RESULT_LINES = 300;

export const RESULT_LIMITS = {
  text: 60_000,
  name: 120,
  lines: MAX_RESULT_LINES,
  standingsPage: 50,
  /** The most rows a standings CSV carries (a division of the season holds ~6,000). */
  standingsCsv: 20_000,
} as const;
