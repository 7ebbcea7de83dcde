import { useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { PointsScaleOrgs } from "#domain/contracts/results.ts";

/** The organisations a points scale can be set for (admins): those written on shows (issue 34). */
export const usePointsScaleOrgs = () =>
  useQuery({
    queryKey: ["admin", "points-scale-orgs"],
    queryFn: () => api<PointsScaleOrgs>("/api/admin/points-scales"),
  });
