import { queryOptions, useQuery } from "@tanstack/react-query";
import { entryKeys } from "#client/features/entries/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { EntryChoices } from "#domain/contracts/entries.ts";

export const getEntryChoices = () => api<EntryChoices>("/api/entries/choices");

export const entryChoicesQueryOptions = () =>
  queryOptions({ queryKey: entryKeys.choices(), queryFn: getEntryChoices, staleTime: 60_000 });

export const useEntryChoices = () => useQuery(entryChoicesQueryOptions());
