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
      "what the first paint needs is within the budget: `npm run size` (the build manifest, in `npm test`) counts the entry and the screen's chunk with their imports at 99.9 / 98.8 / 99.4 KiB, over a floor of about 92 KiB every screen shares (react-dom ~60, TanStack Query ~10, React, the texts, the router and app shell); this count is every script Chromium asked for before the screen's largest paint, and on this machine React paints the screen a few hundred milliseconds after its data arrives (the roster's first screenful, then the rest of its cards), by which time the loads that wait for the data and an idle moment have started: the service worker's registration and workbox-window, the live stream, the connection bar and the offline cache (about 12 KiB; docs/decisions/015-first-load.md, second round).",
    remedy:
      "starting those loads after the screen's largest paint rather than after its data and an idle moment (Chromium reports the paint; other browsers would need a fixed delay); beyond that only a runtime lighter than react-dom (Preact with compat, ~4 KiB, where DESIGN.md names React) would free real room.",
  },
  {
    match: /^Lighthouse/,
    reason:
      "Lighthouse simulates a phone on a slow network (150 ms round trips, 1.6 Mbit/s, the CPU slowed four times): the page must arrive, then ~90 KiB of React, TanStack Query and the app over new connections, then the screen's chunk and data (now in parallel, with no session call before them: the page carries the session), then React renders, so nothing paints before about 1.9 s (FCP) and the largest paint follows at 2.2–2.7 s; the lightest peer, 65 KiB of plain JavaScript, measures 1.7 s the same way. The server cannot put the screen into the page, because hash navigation (the spec's) never tells it which screen is asked for. TBT is React's rendering after the first paint, multiplied by the simulation: a season's roster is 3,000 elements, now rendered a screenful at a time, and what else runs on the machine adds to every task.",
    remedy:
      "LCP ≤ 1.5 s needs the first screen's HTML from the server (server rendering, which needs path routes instead of hash routes) or a runtime a fraction of react-dom's size (Preact with compat; DESIGN.md names React); TBT ≤ 50 ms needs rendering in slices of under ~12 ms of real CPU each (windowed lists on the roster and planner, as show detail has), and a quiet machine to measure it.",
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
    reason: `${SHARED_MACHINE} a save that changes something is one read (the class with the user's entries for it), a delete of what was unchosen and an insert of what was added, with the user's roster counter bumped by triggers, in one in-process transaction, and it answers from those rows; its WAL checkpoints run in a worker thread. What remains is CPU on the one event loop (server CPU per save about five times the bare route's): SQLite's own work for a write that touches the entry table, its six indexes and the counter (about ten pages to the WAL per commit), Kysely building the statements, Fastify's request pipeline and the JSON body. An unchanged dialog writes nothing.`,
    remedy:
      "the same run on a quiet machine (A/B on this machine, same conditions: 13 % → 20–22 % of health, p99 19 → 12 ms); beyond that, fewer indexes on class_entry to write per save, or statements prepared outside Kysely for the save's write.",
  },
  {
    match: /^PostgreSQL: entry save/,
    reason: `${SHARED_MACHINE} a save that changes something is two round trips: one read (the class with the user's entries for it) and one statement that deletes the unchosen and inserts the added entries and commits by itself (barn notices, when there are any, go in one transaction with it), and it answers from those rows. The benchmark's ten connections are ten people; PostgreSQL flushes its write-ahead log to disk on every commit, and the database's own CPU per save (its planning, the entry table's six indexes, the triggers' counter upsert) shares the two cores with the server and the load generator. One person saving from ten connections at once (the reference row) also queues on their own roster counter (one row, migration 011), whose row lock is held until that flush.`,
    remedy:
      "named prepared statements for the save's two statements (they skip about 0.2 ms of planning each, but break behind a transaction-mode PgBouncer: a deployment decision); `synchronous_commit = off` for saves (a product decision on durability, not taken); the database on its own cores, as in production (A/B on this machine, same conditions: 6 % → 15–24 % of health, p99 88–96 → 21–27 ms).",
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
