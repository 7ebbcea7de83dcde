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
    match: /first-load JS|Lighthouse/,
    reason:
      "the client's first load still ships the whole entry chunk (react-router, zod, TanStack Query, date-fns) before a screen renders; compression now sends it in a quarter of the bytes, which is most of the LCP gain so far.",
    remedy:
      "the client first-load work of issue 13 (a smaller hash router, zod off the first load, a split entry, the first-visit calls in parallel), done separately after the feature branches land.",
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
