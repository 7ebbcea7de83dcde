import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recordsKey } from "#client/features/records/api/list-records.ts";
import { api } from "#client/lib/api.ts";
import type { CreateRecordBody, ShowRecord } from "#domain/contracts/records.ts";

export const createRecord = (body: CreateRecordBody) =>
  api<ShowRecord>("/api/records", { method: "POST", body });

export function useCreateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsKey }),
  });
}
