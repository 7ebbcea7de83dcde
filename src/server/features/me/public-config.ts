import type { PublicConfig } from "#domain/contracts/auth.ts";
import type { AppConfig } from "#server/config.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#server/db/seed/demo-accounts.ts";

/** What the sign-in screen and the demo banner need to know about this server. */
export const publicConfig = (config: AppConfig): PublicConfig => ({
  demo: config.demo,
  demoReachable: config.demoReachable,
  demoAccounts: config.demo ? DEMO_ACCOUNTS.map((a) => ({ email: a.email, roles: a.roles })) : [],
  demoPassword: config.demo ? DEMO_PASSWORD : null,
});
