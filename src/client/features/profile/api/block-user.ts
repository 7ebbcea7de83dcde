import { useMutation, useQueryClient } from "@tanstack/react-query";
import { entryKeys } from "#client/features/entries/api/keys.ts";
import { blocksKey } from "#client/features/profile/api/list-blocked.ts";
import { friendsKey } from "#client/features/profile/api/list-friends.ts";
import { rosterKeys } from "#client/features/roster/api/get-roster.ts";
import { api } from "#client/lib/api.ts";
import type { BlockList } from "#domain/contracts/profile.ts";

export const blockUser = (userId: string) =>
  api<BlockList>("/api/blocks", { method: "POST", body: { userId } });
export const unblockUser = (userId: string) =>
  api<BlockList>(`/api/blocks/${encodeURIComponent(userId)}`, { method: "DELETE" });

/** A block ends friendship and requests and removes entries from the roster: refresh all of them. */
function useBlockMutation(fn: (userId: string) => Promise<BlockList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (list) => {
      queryClient.setQueryData(blocksKey, list);
      return Promise.all(
        [friendsKey, rosterKeys.all, entryKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

export const useBlockUser = () => useBlockMutation(blockUser);
export const useUnblockUser = () => useBlockMutation(unblockUser);
