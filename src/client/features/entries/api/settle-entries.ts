import type { QueryClient } from "@tanstack/react-query";
import { entryKeys } from "#client/features/entries/api/keys.ts";
import { rosterKeys } from "#client/features/roster/api/get-roster.ts";

/**
 * After any change to entries: the dialog, the class icons and the roster read again. A module of its own:
 * the roster removes entries and its first load should not carry the entry dialog's save and read code.
 */
export const settleEntries = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: entryKeys.all }),
    client.invalidateQueries({ queryKey: rosterKeys.all }),
  ]);
