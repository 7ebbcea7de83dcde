import type { Kysely, Transaction } from "kysely";
import { type Edition, normaliseShowName } from "#domain/shows/show-prediction.ts";
import type { Database } from "#server/db/schema.ts";
import { allWordsLike } from "#server/db/word-search.ts";
import { classesOf, judgesOf } from "#server/features/shows/shows.service.ts";

type Queryable = Kysely<Database> | Transaction<Database>;

export interface StoredEdition extends Edition {
  id: string;
}

/**
 * Every edition of the show named `name` (see normaliseShowName), oldest first, with judges; classes
 * only for the latest one that is not a saved prediction (the rules copy its classes; the history the
 * prediction call takes has none). The database narrows by the name's longest word; the exact match is
 * the domain's rule.
 */
export async function findEditions(db: Queryable, name: string): Promise<StoredEdition[]> {
  const key = normaliseShowName(name);
  const lower = name.toLowerCase();
  const probe = key
    .split(" ")
    .filter((w) => lower.includes(w))
    .sort((a, b) => b.length - a.length)[0];
  let query = db
    .selectFrom("show")
    .select(["id", "name", "start_date", "end_date", "location", "sanctioning_org", "is_ai_prediction"])
    .orderBy("start_date")
    .orderBy("id");
  for (const condition of allWordsLike("name", probe ?? "")) query = query.where(condition);
  const rows = (await query.execute()).filter((r) => normaliseShowName(r.name) === key);

  const judges = await judgesOf(
    db,
    rows.map((r) => r.id),
  );
  const editions: StoredEdition[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    startDate: r.start_date,
    endDate: r.end_date,
    location: r.location,
    judges: judges.get(r.id) ?? [],
    classes: [],
    isAiPrediction: Number(r.is_ai_prediction) === 1,
    sanctioningOrg: r.sanctioning_org,
  }));
  const latest = editions.filter((e) => !e.isAiPrediction).at(-1);
  if (latest) {
    latest.classes = (await classesOf(db, latest.id)).map((c) => ({ id: c.id, name: c.name, date: c.date }));
  }
  return editions;
}
