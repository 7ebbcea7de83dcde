/**
 * A pasted results preview (issue 22's hostile probe): 300 lines matched against 10,000 horses, in
 * process on SQLite (the matching is the server's, not the database's). Reports the preview's p99
 * and the longest the event loop went without a turn while previews ran: a preview must give way to
 * other requests, so that stall stays within a few tens of ms (budget 100 ms on this shared machine).
 * Runnable alone: node --import tsx bench/results-preview-bench.ts
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDatabase } from "../src/server/db/client.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { previewResults } from "../src/server/features/results/results.preview.ts";
import type { BenchModule } from "./lib/module.ts";
import { type BenchSection, mark, ms, percentile, table } from "./lib/report.ts";
import { insertBenchHorses, benchAdmin as viewer } from "./lib/results-fixtures.ts";

const HORSES = 10_000;
const LINES = 300;
const RUNS = 20;
const BUDGET = { stall: 100 } as const;

const WORDS = [
  "Midnight",
  "Sun",
  "Gold",
  "Rush",
  "Blue",
  "Bayou",
  "Royal",
  "Heir",
  "Black",
  "Magic",
  "Pusher",
  "Delight",
  "Silver",
  "Dollar",
  "Jazz",
  "Man",
  "Lady",
  "Star",
  "Generator",
  "Shadow",
  "Ebony",
  "Pride",
  "Walk",
  "Time",
  "Sir",
  "Lancelot",
  "Dream",
  "Maker",
  "Honey",
  "Bee",
  "Cash",
  "Flash",
];

/** A deterministic generator, so every run matches the same names. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function horseName(next: () => number, i: number): string {
  const words = Array.from(
    { length: 2 + Math.floor(next() * 2) },
    () => WORDS[Math.floor(next() * WORDS.length)],
  );
  return `${words.join(" ")} ${i}`;
}

/** A printed name as results sheets get them: exact, a letter off, or a horse Ringside does not know. */
function printed(next: () => number, names: readonly string[], i: number): string {
  const name = names[Math.floor(next() * names.length)] ?? "";
  if (i % 3 === 0) return name;
  if (i % 3 === 1) return `${name.slice(0, 3)}${name.slice(4)}`;
  return `Unknown Horse Number ${i}`;
}

export async function runPreviewBench(): Promise<BenchSection> {
  const dir = mkdtempSync(join(tmpdir(), "ringside-preview-bench-"));
  const db = openDatabase({ kind: "sqlite", file: join(dir, "preview.sqlite") });
  try {
    await migrateToLatest(db);
    const next = random(22);
    const names = Array.from({ length: HORSES }, (_, i) => horseName(next, i));
    const created = new Date().toISOString();
    await insertBenchHorses(
      db,
      names.map((name, i) => ({ id: `bench-horse-${i}`, name })),
    );
    await db.db
      .insertInto("show")
      .values({
        id: "bench-show",
        name: "Bench Preview Show",
        start_date: "2025-08-20",
        end_date: "2025-08-20",
        location: "Shelbyville, TN",
        sanctioning_org: "WHOA",
        is_ai_prediction: 0,
        created_at: created,
      })
      .execute();
    await db.db
      .insertInto("show_class")
      .values({
        show_id: "bench-show",
        id: "c-1",
        position: 0,
        number: "1",
        name: "Lite Shod",
        date: null,
        division_id: null,
      })
      .execute();
    const text = Array.from(
      { length: LINES },
      (_, i) => `${i + 1} ${printed(next, names, i)} — Jane Doe — Smith Farms`,
    ).join("\n");
    const ids = { showId: "bench-show", classId: "c-1" };

    // The longest gap between two turns of a ticker that asks for every turn while the previews run.
    let worstStall = 0;
    let ticking = true;
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      worstStall = Math.max(worstStall, now - last);
      last = now;
      if (ticking) setImmediate(tick);
    };
    await previewResults(db, viewer, ids, { format: "text", text, gapsIntended: true });
    last = performance.now();
    setImmediate(tick);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      const preview = await previewResults(db, viewer, ids, { format: "text", text, gapsIntended: true });
      times.push(performance.now() - t0);
      if (preview.lines.length !== LINES) throw new Error(`The preview read ${preview.lines.length} lines`);
    }
    // One more turn, so that a run of previews that never gave way is measured too.
    await new Promise((done) => setImmediate(done));
    ticking = false;
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    const ok = worstStall <= BUDGET.stall;
    return {
      title: "Results preview (300 pasted lines against 10,000 horses)",
      body: [
        table(
          ["Measure", "Figure", "Budget"],
          [
            [
              `Preview of ${LINES} lines against ${HORSES.toLocaleString("en")} horses, p50`,
              `${ms(percentile(times, 50))} ms`,
              "—",
            ],
            [
              `Preview of ${LINES} lines against ${HORSES.toLocaleString("en")} horses, p99`,
              `${ms(p99)} ms`,
              "—",
            ],
            [
              "Worst event-loop stall while previewing",
              `${ms(worstStall)} ms`,
              `${mark(ok)} ≤ ${BUDGET.stall} ms`,
            ],
          ],
        ),
        "",
        `${RUNS} previews one after another, SQLite, in process; a third of the lines exact, a third a letter off, a third unknown.`,
      ].join("\n"),
      budgets: [
        {
          name: "Results preview: worst event-loop stall",
          ok,
          detail: `${ms(worstStall)} ms ≤ ${BUDGET.stall} ms`,
        },
      ],
    };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const resultsPreviewBench: BenchModule = {
  name: "results-preview",
  perEngine: false,
  ownData: true,
  run: () => runPreviewBench(),
};

if (process.argv[1] && resolve(process.argv[1]) === resolve("bench/results-preview-bench.ts")) {
  const section = await runPreviewBench();
  console.log(`## ${section.title}\n\n${section.body}`);
}
