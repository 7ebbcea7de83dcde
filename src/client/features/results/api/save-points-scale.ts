import { api } from "#client/lib/api.ts";
import type { PointsScaleBody } from "#domain/contracts/results.ts";

/** Sets an organisation's points scale (admins); classes published from now on use it. */
export const savePointsScale = (org: string, body: PointsScaleBody) =>
  api<PointsScaleBody>(`/api/admin/points-scales/${encodeURIComponent(org)}`, { method: "PUT", body });
