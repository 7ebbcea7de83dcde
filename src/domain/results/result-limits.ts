/**
 * The most placings one class's results may list (issue 22). On its own so the screens that import the
 * contracts do not pull the result-line reader (and csv-parse, which needs Node's Buffer) into the browser.
 */
export const MAX_RESULT_LINES = 300;
