import { classResultRows } from "#domain/results/result-rows.ts";
import { movedStanding, standingDeltas, standingKey } from "#domain/results/standing-deltas.ts";
import type { Db } from "#server/db/client.ts";
import type {
  ResultClassTable,
  ResultHistoryTable,
  ResultTable,
  StandingPointsTable,
  StandingShowTable,
  StandingTable,
} from "#server/db/schema.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import { type ClassWrite, historyRow } from "./results.publish.ts";
import { insertMany, showHasEntries } from "./results.repository.ts";
import { printedOwners } from "./standings.repository.ts";

/**
 * Loads a season of first publications in bulk (the bench's 70,000 classes, where one transaction per
 * class would take hours): the rows the write path writes (`result_class`, `result`, `result_history`,
 * `standing`, `standing_show`, `standing_group`, `standing_points`), computed with the write path's own
 * functions (`classResultRows`, `historyRow`, `standingDeltas`, `movedStanding`) and written with a few
 * multi-row inserts. Only for first publications into standings that hold nothing of the season yet
 * (a standing that exists fails the final insert), of classes without entries (their placings are not
 * set here), and without notifications (as the demo seed writes). Anything else goes through
 * `writeClassResults`. results.bulk.test.ts loads a season both ways and compares the tables.
 */
export class SeasonLoader {
  private readonly standings = new Map<string, StandingTable>();

  constructor(private readonly db: Db) {}

  /** One show's classes, written in one transaction; the standings are kept for `finish`. */
  async addShow(classes: readonly ClassWrite[]): Promise<void> {
    const showId = classes[0]?.show.id;
    if (showId === undefined) return;
    if (classes.some((w) => w.mode.kind !== "publish" || w.show.id !== showId))
      throw new Error("The season loader takes first publications of one show at a time.");
    if (await showHasEntries(this.db.db, showId))
      throw new Error(`Show ${showId} has entries: publish its classes through writeClassResults.`);
    const at = nowIso();
    const claims: ResultClassTable[] = [];
    const lines: ResultTable[] = [];
    const history: ResultHistoryTable[] = [];
    const perShow = new Map<string, StandingShowTable>();
    for (const w of classes) {
      const rows = classResultRows(w, [], newId);
      claims.push({
        show_id: showId,
        class_id: w.cls.id,
        version: 1,
        published_by: w.actorId,
        published_at: at,
        corrected_at: null,
      });
      lines.push(...rows);
      history.push(historyRow(w, at));
      for (const [key, d] of standingDeltas([], rows, w.names)) {
        const showBefore = perShow.get(key)?.classes ?? 0;
        const showAfter = showBefore + d.classes;
        perShow.set(key, {
          year: d.year,
          org: d.org,
          division_id: d.division_id,
          horse_key: d.horse_key,
          show_id: showId,
          classes: showAfter,
        });
        const before = this.standings.get(key);
        const shows = Number(before?.shows ?? 0) + (showAfter > 0 ? 1 : 0) - (showBefore > 0 ? 1 : 0);
        const next = movedStanding(before, d, shows);
        if (next.classes > 0) this.standings.set(key, next);
        else this.standings.delete(key);
      }
    }
    await this.db.db.transaction().execute(async (trx) => {
      await insertMany(trx, "result_class", claims);
      await insertMany(trx, "result", lines);
      await insertMany(trx, "result_history", history);
      await insertMany(
        trx,
        "standing_show",
        [...perShow.values()].filter((s) => s.classes > 0),
      );
    });
  }

  /** Writes the season's standings with their printed owners, the horses per group and per points total. */
  async finish(): Promise<void> {
    const owners = new Map<string, string>();
    const divisions = new Map<string, { year: number; org: string; ids: Set<string> }>();
    for (const s of this.standings.values()) {
      const g = JSON.stringify([s.year, s.org]);
      const group = divisions.get(g) ?? { year: s.year, org: s.org, ids: new Set<string>() };
      group.ids.add(s.division_id);
      divisions.set(g, group);
    }
    for (const { year, org, ids } of divisions.values())
      for (const [key, owner] of await printedOwners(this.db.db, { year, org }, [...ids], null))
        owners.set(key, owner);
    const rows = [...this.standings.values()]
      .map((s) => ({ ...s, owner_name: owners.get(standingKey(s)) ?? "" }))
      .sort((a, b) => (standingKey(a) < standingKey(b) ? -1 : 1));
    const groups = new Map<string, { year: number; org: string; division_id: string; horses: number }>();
    const points = new Map<string, StandingPointsTable>();
    for (const s of rows) {
      const g = JSON.stringify([s.year, s.org, s.division_id]);
      const group = groups.get(g) ?? { year: s.year, org: s.org, division_id: s.division_id, horses: 0 };
      group.horses += 1;
      groups.set(g, group);
      const p = JSON.stringify([s.year, s.org, s.division_id, s.points]);
      const total = points.get(p) ?? { ...group, points: s.points, horses: 0 };
      total.horses += 1;
      points.set(p, total);
    }
    await this.db.db.transaction().execute(async (trx) => {
      await insertMany(trx, "standing", rows);
      await insertMany(trx, "standing_group", [...groups.values()]);
      await insertMany(trx, "standing_points", [...points.values()]);
    });
    this.standings.clear();
  }
}
