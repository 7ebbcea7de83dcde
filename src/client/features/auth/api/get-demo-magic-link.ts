import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";

/** Demo mode only: the link that was really sent, read back from the development outbox. */
export const getDemoMagicLink = (email: string) =>
  api<{ url: string }>(`/api/dev/outbox/magic-link?email=${encodeURIComponent(email)}`);

export const useCompleteDemoMagicLink = () =>
  useMutation({
    mutationFn: async (email: string) => {
      const { url } = await getDemoMagicLink(email);
      window.location.assign(url);
    },
  });
