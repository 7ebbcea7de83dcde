import type { PointsScaleBody, PointsScaleOrgs } from "#domain/contracts/results.ts";
import { DEFAULT_SCALE, type PointsScale } from "#domain/results/high-point.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { forbidden, notFound } from "#server/platform/errors.ts";
import { nowIso } from "#server/platform/ids.ts";
import { isKnownOrg, knownOrgs, saveScale, scaleRow } from "./points-scales.repository.ts";
import { canEditPointsScales } from "./results.policy.ts";

/** An organisation's points scale, or the default (7, 6, 5, 4, 3, 2, 1 and 0 for showing). */
export async function scaleOf(db: Db["db"], org: string): Promise<PointsScale> {
  const row = await scaleRow(db, org);
  if (!row) return DEFAULT_SCALE;
  return {
    placings: JSON.parse(row.placings) as number[],
    shown: Number(row.shown),
    scaleBySize: Number(row.scale_by_size) === 1,
  };
}

/** The organisations the admin can set a scale for (issue 34): those on shows, and those with one. */
export async function listPointsScaleOrgs(db: Db, viewer: Viewer): Promise<PointsScaleOrgs> {
  if (!canEditPointsScales(viewer)) throw forbidden();
  return { orgs: await knownOrgs(db.db) };
}

/** An organisation no show names (a typo) has no scale to read or set: refused, not made up. */
async function mustBeKnown(db: Db, org: string): Promise<void> {
  if (!(await isKnownOrg(db.db, org))) throw notFound(resultsTexts.scales.errors.unknownOrg(org));
}

export async function getPointsScale(db: Db, viewer: Viewer, org: string): Promise<PointsScaleBody> {
  if (!canEditPointsScales(viewer)) throw forbidden();
  await mustBeKnown(db, org);
  const scale = await scaleOf(db.db, org);
  return { placings: [...scale.placings], shown: scale.shown, scaleBySize: scale.scaleBySize };
}

/** The admin's scale for an organisation; classes published from now on use it. */
export async function setPointsScale(
  db: Db,
  viewer: Viewer,
  org: string,
  body: PointsScaleBody,
): Promise<PointsScaleBody> {
  if (!canEditPointsScales(viewer)) throw forbidden();
  await mustBeKnown(db, org);
  await saveScale(db.db, {
    org,
    placings: JSON.stringify(body.placings),
    shown: body.shown,
    scale_by_size: body.scaleBySize ? 1 : 0,
    updated_at: nowIso(),
  });
  return body;
}
