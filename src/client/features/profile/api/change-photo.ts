import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "#client/features/auth/api/get-me.ts";
import { uploadFile } from "#client/lib/upload.ts";

export const changePhoto = (file: File) =>
  uploadFile<{ photoId: string }>("/api/profile/photo", file, file.name);

export function useChangePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
