import { errorsTexts } from "#domain/texts/errors.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { forbidden, notFound } from "#server/platform/errors.ts";
import { canPostResults } from "./results.policy.ts";
import { findResultShow, findShowClass, type ResultShowRow, stewardIdsOf } from "./results.repository.ts";

const t = resultsTexts.problems;

export interface ClassContext {
  show: ResultShowRow;
  cls: { id: string; number: string; name: string; division_id: string | null };
}

/** The show and class, when the viewer may post its results (404 for a class of another show, 403 else). */
export async function postingContext(
  db: Db,
  viewer: Viewer,
  showId: string,
  classId: string,
): Promise<ClassContext> {
  const show = await findResultShow(db.db, showId);
  if (!show) throw notFound(errorsTexts.showNotFound);
  const [cls, stewardIds] = await Promise.all([
    findShowClass(db.db, showId, classId),
    stewardIdsOf(db.db, showId),
  ]);
  if (!canPostResults(viewer, { stewardIds })) throw forbidden(t.notAllowed);
  if (!cls) throw notFound(t.classNotInShow);
  return { show, cls };
}

/** Refuses (404, 403) anyone who may not post this class's results, before anything of theirs is read. */
export async function checkMayPostResults(
  db: Db,
  viewer: Viewer,
  ids: { showId: string; classId: string },
): Promise<void> {
  await postingContext(db, viewer, ids.showId, ids.classId);
}
