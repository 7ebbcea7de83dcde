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
      "`npm run size` (the build manifest, in `npm test`) counts what each budgeted screen needs to hydrate and become interactive — the entry, the screen's chunk, their imports and page-start.js — at 99.3 / 99.6 / 100.0 KiB (ADR 019), over a floor of about 93 KiB every screen shares (react-dom ~63, TanStack Query ~10, React, the texts, wouter and the app shell); this count is every script Chromium asked for before the app marked the first screen shown (`ringside:first-screen`), which also takes in whatever a slow machine let start before that mark.",
    remedy:
      "start it after the first screen (`afterFirstScreen`, `useAfterFirstScreen`) or put it in a lazy chunk; beyond that only a runtime lighter than react-dom (Preact with compat, ~4 KiB, where DESIGN.md names React) would free real room.",
  },
  {
    match: /^Lighthouse/,
    reason:
      "the server renders each screen with its data into the page and the app's scripts start after the page's first paint (ADR 019), so the largest paint is the page's own text and its ratio to the floor (the same page as static HTML, measured alternately in the same run) shows what is ours: Lighthouse simulates a phone on a slow network (150 ms round trips, 1.6 Mbit/s), so the floor itself is about 0.8–1.0 s (the page and its CSS). TBT is evaluating React and the app (~310 KiB of JavaScript) and hydrating, after the paint; hydration runs in a transition that yields between components, but Lighthouse multiplies the machine's own task times by four, so a machine busy with other work (the load average in the header) stretches single tasks such as evaluating the shell chunk past 50 ms. The sign-in and invite screens also evaluate their forms' code (react-hook-form, zod).",
    remedy:
      "a quiet machine for TBT and the scores that follow from it; beyond that, a runtime lighter than react-dom (Preact with compat; DESIGN.md names React), or the sign-up form's validation (zod) loaded on first input instead of with the screen.",
  },
  // The show-day reads (bench/show-day-api-bench.ts, ADR 032) before the API rows their names also match.
  {
    match: /^show-day reads on .*: \/api\/shows\/:id\/day/,
    reason: `${SHARED_MACHINE} the day view is cached per show and version (ADR 032): a repeat read is the session lookup, the version (on PostgreSQL kept in process and dropped by the database's notices, ADR 057; on SQLite one in-process statement: the show's revision, the ring's last action number, whether the viewer is a steward) and the cached, pre-compressed body.`,
    remedy: "the same run on a quiet machine (load average below 1).",
  },
  {
    match: /^show-day reads on .*: \/api\/(?:standings|calendar)/,
    reason: `${SHARED_MACHINE} standings and the month calendar are cached per viewer, query and version (ADR 032): a repeat read is the session lookup, the version (on PostgreSQL kept in process and dropped by the database's notices, ADR 057) and the cached, pre-compressed body.`,
    remedy: "the same run on a quiet machine (load average below 1).",
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
    reason: `${SHARED_MACHINE} a save that changes something is one read (the class with the user's entries for it), a delete of what was unchosen and an insert of what was added, with the user's roster counter bumped by triggers, in one in-process transaction, and it answers from those rows; its WAL checkpoints run in a worker thread. Its writes are compiled once per shape and the database keeps no sqlite_stat4 samples (with them, better-sqlite3's SQLite planned every statement again on every run): server CPU per save went from about five times the bare route's to about four (ADR 011, third round). What remains is CPU on the one event loop: SQLite's own work for a write that touches the entry table, its six indexes and the counter (about ten pages to the WAL per commit), Fastify's request pipeline and the JSON body (Helmet's middleware is built once since round 4). An unchanged dialog writes nothing.`,
    remedy:
      "the same run on a quiet machine (A/B on one machine, same conditions: 13 % → 20–22 % of health in the second round, 22–28 % → 28–43 % in the third); beyond that, fewer indexes on class_entry to write per save.",
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
    match: /^OCR corpus: (?:scans read|photos read|no phantom class|sessions and dates right)/,
    reason:
      "the corpus's photos are read well only where the sheet is found and cut out of its photo (ADR 031): the low-light sheet and the one on a light laminate table are read with their background, and a ruled grid table photographed at 64 % of a phone frame leaves letters too small and too blurred for Tesseract (s08). Scans lose the odd class to a character or number OCR misreads; the phantoms left are misread cells of the ruled table photographed from afar (s08) and a sponsor line read into a name, all marked for a person. bench/ocr-results.md shows sheet by sheet where.",
    remedy:
      "page finding that follows a page's edges where its light fades into the table's (edges, not lightness); a recognizer that reads small, blurred print better, run on the blocks this layout finds (PP-OCR's recognizer on Tesseract's blocks, at about twice the CPU, ADR 031); rules rubbed out along their slope rather than row by row.",
  },
  {
    match: /^OCR .*: time per page/,
    reason:
      "reading a page is Tesseract's recognition in a worker thread, all CPU, so its wall time follows the machine and its load (the corpus table gives the load beside each page): a page now costs two passes (a sparse one at half size for the layout, then one per block at full size), 6–10 s of CPU, which a machine shared with other work stretches.",
    remedy:
      "a quiet machine (CPU seconds per page are the load-independent figure); beyond that, reading each block at a smaller scale where its print is large (bench/ocr-corpus-bench.ts measures accuracy beside the time, so a change that costs accuracy shows).",
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
