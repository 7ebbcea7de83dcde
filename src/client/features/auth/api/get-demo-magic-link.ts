import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";

/**
 * Demo mode only: the link that was really sent, handed back once to the page holding the nonce its
 * magic-link request returned (nobody else can ask for it).
 */
export const takeDemoMagicLink = (nonce: string) =>
  api<{ url: string }>("/api/dev/outbox/magic-link", { method: "POST", body: { nonce } });

export const useCompleteDemoMagicLink = () =>
  useMutation({
    mutationFn: async (nonce: string) => {
      const { url } = await takeDemoMagicLink(nonce);
      window.location.assign(url);
    },
  });
