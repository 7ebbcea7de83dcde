import type { EntryChoice } from "#domain/contracts/entries.ts";
import {
  type BarnTieFacts,
  barnNoticesAllowed,
  barnNoticeWindow,
  barnRecipients,
  hasBarnTie,
} from "#domain/notifications/barn-notices.ts";
import { entriesTexts } from "#domain/texts/entries.ts";
import type { Queryable } from "#server/db/client.ts";
import { friendsAmong } from "#server/db/relations.ts";
import { createNotifications } from "#server/features/notifications/notifications.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import type { LiveEvent } from "#server/platform/events.ts";
import { unique } from "./entries.consent.ts";
import type { ClassRef } from "./entries.repository.ts";
import { customerHorses, type HorseFacts } from "./entry-people.repository.ts";
import { countBarnNotices } from "./entry-quotas.repository.ts";

/** Entries that tell a horse's barn about it (spec section 4, "Barn notifications"). */
const BARN_STATUSES = new Set(["ImShowing", "HorseIsShowing", "CustomerIsShowing"]);

export interface BarnNotice {
  horse: HorseFacts;
  recipients: string[];
}

/**
 * Barn notifications (spec section 4) for the entries a save added and mirrored: one notice per
 * horse entered, only when the actor has a tie to the horse (`hasBarnTie`), to its owners and
 * trainers other than the actor and anyone in a block with the actor (`barnRecipients`). What
 * `sendBarnNotices` sends, within the per-actor limit.
 */
export async function barnNotices(
  q: Queryable,
  viewer: Viewer,
  entries: readonly EntryChoice[],
  ctx: { horses: ReadonlyMap<string, HorseFacts>; blocked: ReadonlySet<string> },
): Promise<BarnNotice[]> {
  const barnEntries = entries.filter((c) => BARN_STATUSES.has(c.status) && c.horseId !== null);
  if (barnEntries.length === 0) return [];
  const riders = unique(barnEntries.map((c) => c.riderId));
  const owners = unique(barnEntries.flatMap((c) => ctx.horses.get(c.horseId!)?.owners ?? []));
  const facts: BarnTieFacts = {
    friends: await friendsAmong(q, viewer.id, unique([...riders, ...owners])),
    customers: new Set((await customerHorses(q, viewer.id, riders)).map((r) => r.customer_id)),
  };

  const notices: BarnNotice[] = [];
  for (const horseId of unique(barnEntries.map((c) => c.horseId))) {
    const horse = ctx.horses.get(horseId);
    if (!horse) continue;
    const tied = barnEntries.some(
      (c) => c.horseId === horseId && hasBarnTie(viewer.id, horse, c.riderId, facts),
    );
    const recipients = barnRecipients(viewer.id, horse, ctx.blocked);
    if (tied && recipients.length > 0) notices.push({ horse, recipients });
  }
  return notices;
}

/**
 * Sends the notices, at most `BARN_NOTICE_LIMIT` per actor per window, counted in the database, in
 * the transaction that writes the entries.
 */
export async function sendBarnNotices(
  trx: Queryable,
  log: { warn(obj: unknown, msg?: string): void },
  viewer: Viewer,
  notices: readonly BarnNotice[],
  cls: ClassRef,
): Promise<LiveEvent[]> {
  if (notices.length === 0) return [];
  const used = await countBarnNotices(trx, viewer.id, barnNoticeWindow(new Date()), notices.length);
  const allowed = barnNoticesAllowed(used, notices.length);
  if (allowed < notices.length) {
    log.warn(
      { actorId: viewer.id, dropped: notices.length - allowed },
      "barn notifications over the per-actor limit were not sent",
    );
  }
  const live: LiveEvent[] = [];
  for (const { horse, recipients } of notices.slice(0, allowed)) {
    const event = await createNotifications(trx, recipients, {
      type: "BarnActivity",
      message: entriesTexts.barnActivity(viewer.name, horse.name, cls.className, cls.showName),
      showId: cls.showId,
      classId: cls.classId,
    });
    if (event) live.push(event);
  }
  return live;
}
