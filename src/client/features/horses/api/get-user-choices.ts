import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { UserChoices } from "#domain/contracts/people.ts";

export const userChoicesKey = ["users", "choices"] as const;

export const getUserChoices = () => api<UserChoices>("/api/users/choices");

export const userChoicesQuery = () => queryOptions({ queryKey: userChoicesKey, queryFn: getUserChoices });

export const useUserChoices = (enabled = true) => useQuery({ ...userChoicesQuery(), enabled });
