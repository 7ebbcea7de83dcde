import { useMutation, useQueryClient } from "@tanstack/react-query";
import { classResultsPath, resultKeys } from "#client/features/results/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { WithdrawBody } from "#domain/contracts/results.ts";

export interface WithdrawInput {
  showId: string;
  classId: string;
  /** The version the person saw: a correction made meanwhile is not withdrawn unseen (409). */
  body: WithdrawBody;
}

export const withdrawResults = ({ showId, classId, body }: WithdrawInput) =>
  api<null>(`${classResultsPath(showId, classId)}/withdraw`, { method: "POST", body });

/** Withdraws a class's published results (issue 34); every results view is read again. */
export function useWithdrawResults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawResults,
    onSuccess: () => client.invalidateQueries({ queryKey: resultKeys.all }),
  });
}
