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
  "the load generator, the server and (on PostgreSQL) the database share two cores, so every request's p99 includes waiting for a core (see the health route's own p99), and more so when other work runs on the machine;";

export const REASONS: Reason[] = [
  // The client rows first: their names also mention "roster" and "show detail", which the API rows match.
  {
    match: /^first-load JS/,
    reason:
      "what the first paint needs is within the budget: `npm run size` (the build manifest, in `npm test`) counts the entry and the screen's chunk with their imports at 99.0 / 99.1 / 99.8 KiB, over a floor of about 92 KiB every screen shares (react-dom ~60, TanStack Query ~10, React, the texts, the router and app shell); this count is every script Chromium asked for before the screen's largest paint, which since the third round (ADR 015) is exactly that list: the live stream, connection bar, offline cache, service worker registration, AI rows and entry icons wait until the screen says it is shown. A count over the budget means something new started before the paint.",
    remedy:
      "start it after the first screen (`afterFirstScreen`, `useAfterFirstScreen`) or put it in a lazy chunk; beyond that only a runtime lighter than react-dom (Preact with compat, ~4 KiB, where DESIGN.md names React) would free real room.",
  },
  {
    match: /^Lighthouse/,
    reason:
      "Lighthouse simulates a phone on a slow network (150 ms round trips, 1.6 Mbit/s) and multiplies the machine's own task times by four: the page must arrive, then ~90 KiB of React, TanStack Query and the app over new connections, then the screen's chunk and data (in parallel, with no session call before them: the page carries the session), then React renders, so nothing paints before about 1.9 s (FCP) and the largest paint follows at 2.2–2.5 s; the lightest peer, 65 KiB of plain JavaScript, measures 1.7 s the same way. The server cannot put the screen into the page, because hash navigation (the spec's) never tells it which screen is asked for. TBT is evaluating React and rendering the screen's data: TanStack Query hands the data to React through useSyncExternalStore, which React renders in one task that cannot yield, so a transition or a list rendered a screenful at a time shortens it but does not split it; and TBT grows with the machine (compare the health route's server CPU per request in the API tables: 0.11 ms on 2026-11-23, when these screens scored 95 / 96 / 94 with TBT 93 / 63 / 150 ms). An A/B on the same machine (ADR 015, third round) puts the third round's build ahead of the second's: performance 76–80 → 87–88 on the roster and planner, LCP 2.6–3.0 → 2.2–2.5 s.",
    remedy:
      "LCP ≤ 1.5 s needs the first screen's HTML from the server (server rendering, which needs path routes instead of hash routes) or a runtime a fraction of react-dom's size (Preact with compat; DESIGN.md names React); TBT ≤ 50 ms needs the data's render split into tasks of under ~12 ms of real CPU (rendering the screen's list from a transition-driven copy of the query's data rather than from the query itself), and a quiet, fast machine to measure it.",
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
    match: /^SQLite: entry save/,
    reason: `${SHARED_MACHINE} a save that changes something is one read (the class with the user's entries for it), a delete of what was unchosen and an insert of what was added, with the user's roster counter bumped by triggers, in one in-process transaction, and it answers from those rows; its WAL checkpoints run in a worker thread. Its writes are compiled once per shape and the database keeps no sqlite_stat4 samples (with them, better-sqlite3's SQLite planned every statement again on every run): server CPU per save went from about five times the bare route's to about four (ADR 011, third round). What remains is CPU on the one event loop: SQLite's own work for a write that touches the entry table, its six indexes and the counter (about ten pages to the WAL per commit), Fastify's request pipeline (@fastify/helmet builds Helmet's middleware again on every request, ~5 %) and the JSON body. An unchanged dialog writes nothing.`,
    remedy:
      "the same run on a quiet machine (A/B on one machine, same conditions: 13 % → 20–22 % of health in the second round, 22–28 % → 28–43 % in the third); beyond that, fewer indexes on class_entry to write per save, and Helmet's middleware built once at start-up.",
  },
  {
    match: /^PostgreSQL: entry save/,
    reason: `${SHARED_MACHINE} since issue 19 (item 6: two identical saves at once duplicated entries) a save that changes something is one transaction of five round trips: BEGIN, a lock on the class's row (so no other save of the class interleaves; ADR 016), one read (the class with the user's entries for it), one statement that deletes the unchosen and inserts the added entries, and COMMIT; it answers from those rows. Before the lock it was two round trips with no transaction; the A/B on this machine (ADR 016, bench/RESULTS.md 2026-11-27) put the lock at about +0.1–0.2 ms of server CPU per save and p99 38–69 ms against 39–43 ms without it, at a load average of 6–10 from other work. The benchmark's ten connections are ten people saving different classes, so they do not wait for each other's lock; PostgreSQL flushes its write-ahead log to disk on every commit, and the database's own CPU per save (its planning, the entry table's six indexes, the triggers' counter upsert) shares the two cores with the server and the load generator. One person saving from ten connections at once (the reference row) also queues on their own roster counter (one row, migration 011), whose row lock is held until that flush.`,
    remedy:
      "named prepared statements for the save's statements (they skip about 0.2 ms of planning each, but break behind a transaction-mode PgBouncer: a deployment decision); `synchronous_commit = off` for saves (a product decision on durability, not taken); a unique index on an entry's identity instead of the class lock (two round trips again, but duplicates in live data cleaned first and two different saves of one person no longer ordered); the database on its own cores, as in production (A/B on this machine, same conditions: 6 % → 15–24 % of health, p99 88–96 → 21–27 ms).",
  },
  {
    match: /^API p99 during the push fan-out/,
    reason: `${SHARED_MACHINE} the module also times the same list with no fan-out first: when that baseline is already over 50 ms, the machine, not the fan-out, decides the p99. A fan-out's own cost is about 0.5 ms of server CPU a device (its "alone" figure), mostly RFC 8291's per-message ECDH, which runs in a worker thread (src/server/platform/push/encrypt.ts) beside the request thread; queuing 500 messages is 5–8 ms inside the notification's transaction.`,
    remedy:
      "the same run on a quiet machine (on 2026-11-27, SQLite at load average 10.9: p99 8–14 ms during the fan-out); beyond that, the delivery worker as its own process or on its own cores, as a production deployment would give it.",
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
    match: /^OCR .*: time per page/,
    reason:
      "reading a page is Tesseract's recognition in a worker thread, all CPU, so its time follows the machine: on 2026-11-23 the same pages took 3.1–3.4 s each; compare the health route's server CPU per request in the API tables (0.11 ms that day) to see how much slower a run's machine was.",
    remedy:
      "the same run on a machine as fast as that day's; a run that is over on a machine as fast needs a smaller page scale before recognition (bench/ocr-bench.ts measures recall beside the time, so a change that costs accuracy shows).",
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
