/**
 * Why a budget is not met and what would meet it, for RESULTS.md: the analysis behind a ❌, kept
 * next to the code that measures it. Matched against the budget's name; the measured figure comes
 * from the run itself. Written from the runs of 2026-11-23 (docs/decisions/011-server-performance.md).
 * A budget takes the first reason that matches.
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
    reason: `${SHARED_MACHINE} a repeat roster is one statement of primary-key reads (the viewer's, the catalogue's and the friends' counters kept by the triggers of migration 011) and the cached, pre-compressed body, so its server CPU per request is a small multiple of the bare route's (column "× health"); the busy trainer's body is three times the typical owner's.`,
    remedy:
      "the same run on a quiet machine; a browser that revalidates with its ETag gets a 304 without the body. A roster rebuilt after a change costs its one query over the user's own data.",
  },
  {
    match: /planner first page/,
    reason: `${SHARED_MACHINE} an unfiltered planner page is one primary-key read (the catalogue counter of migration 011) and the cached, pre-compressed page.`,
    remedy: "the same run on a quiet machine.",
  },
  {
    match: /entry save/,
    reason: `${SHARED_MACHINE} a save is a write transaction (the class, the user's entries for it, a delete of what was unchosen, one insert of what was added, the user's counters bumped by triggers) and then the list it answers with; SQLite admits one writer at a time and PostgreSQL flushes its write-ahead log to disk on every commit, so saves queue behind each other. An unchanged dialog writes nothing.`,
    remedy:
      "on PostgreSQL `synchronous_commit = off` for saves, if losing the last few hundred milliseconds of saves in a crash is acceptable (a product decision, not taken); answering with the entries the transaction already holds instead of reading them again; a quiet machine.",
  },
  {
    match: /notifications list/,
    reason: `${SHARED_MACHINE} a repeat list is one statement reading two counters (the user's and everyone's, kept by the triggers of migration 011) and the cached, pre-compressed body.`,
    remedy: "the same run on a quiet machine.",
  },
  {
    match: /show detail/,
    reason: `${SHARED_MACHINE} show detail itself is a revision lookup and a cached, pre-compressed body.`,
    remedy: "the same run on a quiet machine.",
  },
  {
    match: /cold start/,
    reason:
      "most of a start is now V8 compiling the server bundle; the OCR reader, the LLM client, nodemailer and the other engine's database driver load on first use only (ADR 011), which took the server's CPU time to a healthy /api/health from about 0.8 s to about 0.47 s; a loaded machine stretches that CPU time over more wall-clock time.",
    remedy:
      "a quiet machine, and Node 22's compile cache (module.enableCompileCache) once the project moves off Node 20.",
  },
  {
    match: /RSS flat/,
    reason:
      "memory grows while the caches fill (sessions, show bodies, rosters, notification lists, planner pages, SQLite's page cache and prepared statements) and then levels off; the growth shown is from the first measured run to the third.",
    remedy:
      "nothing beyond a longer warm-up: the caches are bounded (50,000 sessions, 200 show bodies, 2,000 rosters, 2,000 notification lists, 100 planner pages).",
  },
];

export function reasonFor(budgetName: string): Reason | undefined {
  return REASONS.find((r) => r.match.test(budgetName));
}
