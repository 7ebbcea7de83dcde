import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { HorseList } from "#domain/contracts/horses.ts";
import type { UserChoices } from "#domain/contracts/people.ts";

/** The Add Show Record choosers: the user's own horses, and the trainers who may ride. */
export const recordChoicesKey = ["records", "choices"] as const;

export const getRecordChoices = async () => {
  const [horses, people] = await Promise.all([
    api<HorseList>("/api/horses"),
    api<UserChoices>("/api/users/choices"),
  ]);
  return { horses: horses.horses, trainers: people.trainers };
};

export const recordChoicesQuery = () =>
  queryOptions({ queryKey: recordChoicesKey, queryFn: getRecordChoices });

export const useRecordChoices = (enabled: boolean) => useQuery({ ...recordChoicesQuery(), enabled });
