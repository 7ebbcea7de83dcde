import type { Transaction } from "kysely";
import type { ResultRow } from "#domain/results/result-rows.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import { blocksAmong, horsePeople } from "#server/db/relations.ts";
import type { Database } from "#server/db/schema.ts";
import {
  createPersonalNotifications,
  type PersonalNotice,
} from "#server/features/notifications/notifications.service.ts";
import type { LiveEvent } from "#server/platform/events.ts";
import { horseNamesById } from "./horse-names.repository.ts";
import type { ClassContext } from "./results.posting.ts";
import { entryRiders } from "./results.repository.ts";

export const RESULT_TYPE = "Result";

/**
 * "Midnight Sun placed 2nd in Class 32 at …" to the horse's owners, trainers and riders; once per
 * publication. A correction tells those whose placing changed; a withdrawal (issue 34) those who had a
 * placing: "Result withdrawn: Midnight Sun placed 2nd in Class 32 at …".
 */
export async function notifyPlacings(
  trx: Transaction<Database>,
  ctx: ClassContext,
  old: readonly ResultRow[],
  rows: readonly ResultRow[],
  names: ReadonlyMap<string, string>,
  kind: "publish" | "correct" | "withdraw",
): Promise<LiveEvent | null> {
  const correction = kind !== "publish";
  const before = new Map(old.flatMap((r) => (r.horse_id ? [[r.horse_id, r.placing] as const] : [])));
  const after = new Map(rows.flatMap((r) => (r.horse_id ? [[r.horse_id, r.placing] as const] : [])));
  const messages = new Map<string, string>();
  const number = ctx.cls.number;
  for (const [horseId, placing] of after) {
    const name = names.get(horseId) ?? "";
    if (correction && before.has(horseId) && before.get(horseId) === placing) continue;
    if (placing === null) {
      if (correction && before.get(horseId) != null) {
        messages.set(horseId, resultsTexts.correctedRemoved(name, number, ctx.show.name));
      }
      continue;
    }
    const placed = resultsTexts.placed(name, placing, number, ctx.show.name);
    messages.set(horseId, correction ? resultsTexts.corrected(placed) : placed);
  }
  if (correction) {
    const oldNames = await horseNamesById(
      trx,
      [...before.keys()].filter((id) => !after.has(id)),
    );
    for (const [horseId, placing] of before) {
      if (after.has(horseId) || placing === null) continue;
      const name = oldNames.get(horseId) ?? "";
      messages.set(
        horseId,
        kind === "withdraw"
          ? resultsTexts.withdrawn(resultsTexts.placed(name, Number(placing), number, ctx.show.name))
          : resultsTexts.correctedRemoved(name, number, ctx.show.name),
      );
    }
  }
  if (messages.size === 0) return null;
  const horseIds = [...messages.keys()];
  const [people, riders] = await Promise.all([
    horsePeople(trx, horseIds),
    entryRiders(trx, ctx.show.id, ctx.cls.id, horseIds),
  ]);
  // A rider in a block with the entry's author is not told of it (ADR 008, as show-day alerts); the
  // horse's owners and trainers are, whatever their blocks: it is their horse.
  const blocks = await blocksAmong(trx, [
    ...new Set([...riders.values()].flat().flatMap((r) => [r.riderId, r.authorId])),
  ]);
  const notices: PersonalNotice[] = [];
  for (const [horseId, message] of messages) {
    const told = (riders.get(horseId) ?? []).filter((r) => !blocks.has(`${r.authorId}|${r.riderId}`));
    const who = new Set([...(people.get(horseId) ?? []), ...told.map((r) => r.riderId)]);
    for (const userId of who) {
      notices.push({
        userId,
        type: RESULT_TYPE,
        message,
        showId: ctx.show.id,
        classId: ctx.cls.id,
        subject: `result:${ctx.show.id}:${ctx.cls.id}:${horseId}`,
      });
    }
  }
  return createPersonalNotifications(trx, notices);
}
