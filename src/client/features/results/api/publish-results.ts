import { useMutation, useQueryClient } from "@tanstack/react-query";
import { classResultsPath, resultKeys } from "#client/features/results/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { ClassResults, PublishBody } from "#domain/contracts/results.ts";

export interface PublishInput {
  showId: string;
  classId: string;
  body: PublishBody;
  /** The version being corrected; none for a first publication. */
  version: number | null;
}

export const publishResults = ({ showId, classId, body, version }: PublishInput) =>
  api<ClassResults>(classResultsPath(showId, classId), {
    method: version === null ? "POST" : "PUT",
    body: version === null ? body : { ...body, version },
  });

/** Publishes or corrects a class's results; every results view is read again. */
export function usePublishResults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishResults,
    onSuccess: () => client.invalidateQueries({ queryKey: resultKeys.all }),
  });
}
