/**
 * Why a budget is not met and what would meet it, for RESULTS.md: the analysis behind a ❌, kept
 * next to the code that measures it. Matched against the budget's name; the measured figure comes
 * from the run itself. Written from the runs of 2026-11-23 (docs/decisions/011-server-performance.md).
 */
export interface Reason {
  match: RegExp;
  reason: string;
  remedy: string;
}

const SHARED_MACHINE =
  "on a machine shared with other work the bare health route itself misses p99 ≤ 10 ms (see its row), so no scenario can meet it there;";

export const REASONS: Reason[] = [
  // The client rows first: their names also mention "roster" and "show detail", which the API rows match.
  {
    match: /^first-load JS/,
    reason:
      "every screen shares a floor of about 92 KiB (react-dom ~66, TanStack Query ~10, React and the texts ~8, the router and app shell ~8), which leaves each screen about 8 KiB of its own; this count (Chromium, until the network is quiet) also includes what loads by itself after the first paint, such as the service worker's workbox-window and the AI row, which `npm run size` (the build manifest) does not.",
    remedy:
      "keep new first-paint code out of the entry and the screen chunk (lazy dialogs, sheets, icons; docs/decisions/015-first-load.md); start the after-paint chunks on idle; beyond that only a lighter React (Preact with compat) would free real room.",
  },
  {
    match: /^Lighthouse/,
    reason:
      "Lighthouse's simulated mobile throttling multiplies the CPU time the page really took; on two cores shared with other work (see the load average above) that time is several times a quiet machine's, so TBT and LCP follow the machine's load more than the page (the JavaScript itself is within its budget, and the first screen's chunk and data now load alongside the session check).",
    remedy:
      "the same run on a quiet machine (load average below 1); beyond that, render the app shell and the first screen's data into the HTML so LCP does not wait for JavaScript.",
  },
  {
    match: /\/api\/me/,
    reason: `${SHARED_MACHINE} /api/me is a cached session lookup and keeps its share of the health route's throughput.`,
    remedy: "the same run on a quiet machine (load average below 1).",
  },
  {
    match: /roster/,
    reason: `${SHARED_MACHINE} beyond that, a roster is rebuilt on every request: one query over the user's own, as-rider and friends' entries with the names they mention, then the pure derivation, JSON and compression, so its cost follows the size of the user's roster (compare the typical owner with the busy trainer) and sits well above a bare route.`,
    remedy:
      "a per-user roster version (triggers on the user's, their friends' and their riders' entries, on friendships and on show revisions) so a repeat request costs a version lookup and a cached body, as show detail does; a browser that revalidates with ETags then costs one indexed read.",
  },
  {
    match: /planner first page/,
    reason: `${SHARED_MACHINE} a planner page is two index reads (shows starting from today, shows already running), the judges of its 30 shows, JSON and compression: a few times the work of a bare route.`,
    remedy:
      "cache the unfiltered first page per day keyed by the highest show revision (one indexed read per request), as show detail is keyed by its show's revision.",
  },
  {
    match: /entry save/,
    reason: `${SHARED_MACHINE} a save is a write transaction of about six statements; SQLite admits one writer at a time and PostgreSQL flushes its write-ahead log to disk on every commit, so saves queue behind each other.`,
    remedy:
      "fewer statements per save (delete … returning and a single insert), and on PostgreSQL `synchronous_commit = off` for saves if losing the last few hundred milliseconds of saves in a crash is acceptable.",
  },
  {
    match: /notifications list/,
    reason: `${SHARED_MACHINE} the list is two index-ordered reads of at most 100 rows each with the user's read marks, then JSON and compression of up to 100 items.`,
    remedy:
      "the same run on a quiet machine; beyond that an ETag keyed by the user's newest notification and read mark.",
  },
  {
    match: /show detail/,
    reason: `${SHARED_MACHINE} show detail itself is a revision lookup and a cached, pre-compressed body.`,
    remedy: "the same run on a quiet machine.",
  },
  {
    match: /cold start/,
    reason:
      "most of a start is loading JavaScript: the compiled bundle removed TypeScript compilation and most file resolution, but Fastify, better-auth, zod and Swagger still evaluate their modules, and a loaded machine multiplies that.",
    remedy:
      "a quiet machine, then loading Swagger and the OpenAPI document only when /api/docs is first asked for, and Node 22's compile cache (module.enableCompileCache) once the project moves off Node 20.",
  },
  {
    match: /RSS flat/,
    reason:
      "memory grows while the caches fill (sessions, show bodies, SQLite's page cache and prepared statements) and then levels off; the growth shown is from the first measured run to the third.",
    remedy: "nothing beyond a longer warm-up: the caches are bounded (50,000 sessions, 200 show bodies).",
  },
];

export function reasonFor(budgetName: string): Reason | undefined {
  return REASONS.find((r) => r.match.test(budgetName));
}
