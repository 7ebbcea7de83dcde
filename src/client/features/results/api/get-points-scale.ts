import { api } from "#client/lib/api.ts";
import type { PointsScaleBody } from "#domain/contracts/results.ts";

/** A sanctioning organisation's points scale (admins); the default scale for one without its own. */
export const getPointsScale = (org: string) =>
  api<PointsScaleBody>(`/api/admin/points-scales/${encodeURIComponent(org)}`);
