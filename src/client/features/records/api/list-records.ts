import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { ShowRecordList } from "#domain/contracts/records.ts";

export const recordsKey = ["records"] as const;
export const myRecordsKey = [...recordsKey, "mine"] as const;
export const horseRecordsKey = (horseId: string) => [...recordsKey, "horse", horseId] as const;

export const listMyRecords = () => api<ShowRecordList>("/api/records");
export const listHorseRecords = (horseId: string) =>
  api<ShowRecordList>(`/api/horses/${encodeURIComponent(horseId)}/records`);

export const myRecordsQuery = () => queryOptions({ queryKey: myRecordsKey, queryFn: listMyRecords });
export const horseRecordsQuery = (horseId: string) =>
  queryOptions({ queryKey: horseRecordsKey(horseId), queryFn: () => listHorseRecords(horseId) });

export const useMyRecords = () => useQuery(myRecordsQuery());
export const useHorseRecords = (horseId: string) => useQuery(horseRecordsQuery(horseId));
