import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { showDayKeys } from "#client/features/show-day/api/show-day-keys.ts";
import { api } from "#client/lib/api.ts";
import type { AlertSetting } from "#domain/contracts/show-day.ts";

const PATH = "/api/me/class-alerts";

export const alertSettingQueryOptions = () =>
  queryOptions({ queryKey: showDayKeys.alertSetting(), queryFn: () => api<AlertSetting>(PATH) });

export const useAlertSetting = () => useQuery(alertSettingQueryOptions());

export function useSaveAlertSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (classesAway: number) => api<AlertSetting>(PATH, { method: "PUT", body: { classesAway } }),
    onSuccess: (data) => client.setQueryData(showDayKeys.alertSetting(), data),
  });
}
