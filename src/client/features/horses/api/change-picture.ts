import { useMutation, useQueryClient } from "@tanstack/react-query";
import { horsesKey } from "#client/features/horses/api/list-horses.ts";
import { uploadFile } from "#client/lib/upload.ts";
import type { PictureResult } from "#domain/contracts/horses.ts";

export const changePicture = (id: string, file: File) =>
  uploadFile<PictureResult>(`/api/horses/${encodeURIComponent(id)}/picture`, file, file.name);

export function useChangePicture(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => changePicture(id, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: horsesKey }),
  });
}
