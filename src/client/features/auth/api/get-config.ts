import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { PublicConfig } from "#domain/contracts/auth.ts";

/** The server's public configuration does not change while it runs: one request per page load. */
let asked: Promise<PublicConfig> | null = null;
export const getConfig = (): Promise<PublicConfig> => {
  asked ??= api<PublicConfig>("/api/config").catch((error: unknown) => {
    asked = null;
    throw error;
  });
  return asked;
};

/** The configuration the server wrote into the page (boot state): no request for it. */
export const seedConfig = (config: PublicConfig): void => {
  asked = Promise.resolve(config);
};

export const configQueryOptions = () =>
  queryOptions({ queryKey: ["config"], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });

export const useConfig = () => useQuery(configQueryOptions());
