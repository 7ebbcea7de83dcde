import { recordsKey } from "#client/features/records/api/list-records.ts";
import { api } from "#client/lib/api.ts";
import { type QueuedChange, useQueuedChange } from "#client/lib/queued-change.ts";
import type { CreateRecordBody, ShowRecord } from "#domain/contracts/records.ts";

export const createRecord = (body: CreateRecordBody, idempotencyKey?: string) =>
  api<ShowRecord>("/api/records", { method: "POST", body, idempotencyKey });

export const createRecordChange: QueuedChange<CreateRecordBody, ShowRecord> = {
  key: [...recordsKey, "create"],
  send: createRecord,
  settle: (client) => client.invalidateQueries({ queryKey: recordsKey }),
};

export const useCreateRecord = () => useQueuedChange(createRecordChange);
