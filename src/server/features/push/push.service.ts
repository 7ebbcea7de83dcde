import { ECDH } from "node:crypto";
import type {
  PushDevice,
  PushDeviceList,
  PushSettings,
  PushSettingsInput,
  PushSubscriptionInput,
} from "#domain/contracts/push.ts";
import { asNewShowReach, PUSH_KINDS, type PushKind, pushChoices } from "#domain/notifications/push-kinds.ts";
import { pushTexts } from "#domain/texts/push.ts";
import type { PushConfig } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { badRequest, denied, notFound, unauthorized } from "#server/platform/errors.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import { subscriptionProblem } from "#server/platform/push/send.ts";
import { deviceLabel } from "./device-label.ts";
import { deviceLimitDenial, ownsDevice } from "./push.policy.ts";
import {
  countSubscriptions,
  deleteSubscription,
  findSubscription,
  findSubscriptionByEndpoint,
  holdSession,
  insertSubscription,
  listSubscriptions,
  lockEndpoint,
  readChoices,
  readSettings,
  refreshSubscription,
  type SubscriptionRow,
  writeChoices,
  writeSettings,
} from "./push.repository.ts";

export interface PushServiceDeps {
  db: Db;
  config: PushConfig;
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
}

const toDevice = (row: SubscriptionRow): PushDevice => ({
  id: row.id,
  label: row.label,
  endpoint: row.endpoint,
  createdAt: row.created_at,
});

export async function listDevices(db: Db, viewer: Viewer): Promise<PushDeviceList> {
  return { devices: (await listSubscriptions(db.db, viewer.id)).map(toDevice) };
}

/**
 * Turns push on for the browser that asks, for the signed-in person and the session it is signed in
 * with (signing out there removes it again). Only https addresses on public networks are stored, the
 * name resolved and checked as sending would (issue 31, item 6); the push service is never contacted here. A browser that subscribes again keeps its row; one that another
 * person had subscribed becomes this person's, and what was waiting for the other person is dropped.
 */
export async function subscribe(
  deps: PushServiceDeps,
  viewer: Viewer,
  sessionId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<PushDevice> {
  const problem = await subscriptionProblem(input.endpoint, deps.config.allowPrivateEndpoints);
  if (problem) throw badRequest(problem);
  if (!p256dhOnCurve(input.keys.p256dh)) throw badRequest(pushTexts.errors.badKey);
  const label = deviceLabel(userAgent);
  const keys = { p256dh: input.keys.p256dh.replace(/=+$/, ""), auth: input.keys.auth.replace(/=+$/, "") };
  // The device as this transaction left it: a sign-out right after may already have removed it again.
  const stored = await deps.db.db.transaction().execute(async (trx) => {
    if (!(await holdSession(trx, deps.db.kind, sessionId))) throw unauthorized();
    await lockEndpoint(trx, deps.db.kind, input.endpoint);
    const existing = await findSubscriptionByEndpoint(trx, input.endpoint);
    await writeSettings(trx, viewer.id, { time_zone: input.timeZone });
    if (existing && ownsDevice(viewer, existing)) {
      await refreshSubscription(trx, existing.id, { session_id: sessionId, label, ...keys });
      return findSubscription(trx, existing.id);
    }
    if (existing) await deleteSubscription(trx, existing.id);
    const denial = deviceLimitDenial(await countSubscriptions(trx, viewer.id));
    if (denial) throw denied(denial);
    const row: SubscriptionRow = {
      id: newId(),
      user_id: viewer.id,
      session_id: sessionId,
      endpoint: input.endpoint,
      label,
      created_at: nowIso(),
      ...keys,
    };
    await insertSubscription(trx, row);
    return row;
  });
  if (!stored) throw notFound(pushTexts.errors.deviceNotFound);
  return toDevice(stored);
}

/** Whether a p256dh of the right length is really a point of P-256 (one that is not could never be encrypted to). */
export function p256dhOnCurve(p256dh: string): boolean {
  try {
    ECDH.convertKey(p256dh.replace(/=+$/, ""), "prime256v1", "base64url", "base64url", "uncompressed");
    return true;
  } catch {
    return false;
  }
}

/** Removes one of the viewer's devices; anyone else's (or none) is "not on your list". */
export async function removeDevice(db: Db, viewer: Viewer, id: string): Promise<void> {
  const device = await findSubscription(db.db, id);
  if (!device || !ownsDevice(viewer, device)) throw notFound(pushTexts.errors.deviceNotFound);
  await deleteSubscription(db.db, id, viewer.id);
}

export async function getSettings(db: Db, viewer: Viewer): Promise<PushSettings> {
  const [settings, rows] = await Promise.all([readSettings(db.db, viewer.id), readChoices(db.db, viewer.id)]);
  const chosen: Partial<Record<PushKind, boolean>> = {};
  for (const row of rows) {
    if ((PUSH_KINDS as readonly string[]).includes(row.kind)) chosen[row.kind as PushKind] = row.push === 1;
  }
  return {
    choices: pushChoices(chosen),
    quietHours: settings?.quiet_hours === 1,
    timeZone: settings?.time_zone ?? null,
    newShows: asNewShowReach(settings?.new_shows),
  };
}

/** Saves the viewer's choices, quiet hours, which new shows they hear of and the time zone their device is in now. */
export async function saveSettings(db: Db, viewer: Viewer, input: PushSettingsInput): Promise<PushSettings> {
  const choices = PUSH_KINDS.flatMap((kind) => {
    const push = input.choices[kind];
    return push === undefined ? [] : [{ kind, push }];
  });
  await db.db.transaction().execute(async (trx) => {
    await writeSettings(trx, viewer.id, {
      quiet_hours: input.quietHours ? 1 : 0,
      time_zone: input.timeZone,
      ...(input.newShows ? { new_shows: input.newShows } : {}),
    });
    await writeChoices(trx, viewer.id, choices);
  });
  return getSettings(db, viewer);
}
