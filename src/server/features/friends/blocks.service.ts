import type { BlockList } from "#domain/contracts/profile.ts";
import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { denied } from "#server/platform/errors.ts";
import { nowIso } from "#server/platform/ids.ts";
import { blockDenial } from "./friends.policy.ts";
import {
  deleteBlock,
  deleteEntriesMadeBy,
  deleteRequests,
  findPerson,
  insertBlock,
  listBlocked,
  removeFriendship,
} from "./friends.repository.ts";

export async function getBlocked(db: Db, viewer: Viewer): Promise<BlockList> {
  return { blocked: await listBlocked(db.db, viewer.id) };
}

/**
 * Blocks another person, in one transaction: their entries stop mirroring onto the viewer and
 * notifying the viewer's barn (and the viewer's onto them); the friendship and any requests between
 * the two end; and the entries their entries had mirrored onto the viewer's roster are removed,
 * which is what someone blocking a person who filled their roster expects (ADR 008).
 */
export async function blockUser(db: Db, viewer: Viewer, otherId: string): Promise<BlockList> {
  await db.db.transaction().execute(async (trx) => {
    const denial = blockDenial(viewer, otherId, !!(await findPerson(trx, otherId)));
    if (denial) throw denied(denial);
    await insertBlock(trx, viewer.id, otherId, nowIso());
    await removeFriendship(trx, viewer.id, otherId);
    await deleteRequests(trx, viewer.id, otherId);
    await deleteEntriesMadeBy(trx, viewer.id, otherId);
  });
  return getBlocked(db, viewer);
}

/** Unblocking restores nothing that the block removed; it only lets the two interact again. */
export async function unblockUser(db: Db, viewer: Viewer, otherId: string): Promise<BlockList> {
  await deleteBlock(db.db, viewer.id, otherId);
  return getBlocked(db, viewer);
}
