import type { FastifyRequest } from "fastify";
import ipaddr from "ipaddr.js";
import type { Db } from "#server/db/client.ts";
import { DEMO_ACCOUNT_IDS_KEY } from "#server/db/seed/demo-accounts.ts";

/**
 * Demo mode's two doors, the default session (sign in as the admin with no password) and the outbox's
 * "complete sign-in" button, open only to a connection from this machine (issue 19, item 1). Judged
 * by the socket's own address, never by Host, Origin or X-Forwarded-For, whatever TRUST_PROXY says:
 * those are words the client writes. (A proxy on this machine makes every client look local, which
 * is why a demo that others can reach needs DEMO=1 and shows its banner.)
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "loopback";
}

/**
 * Whether `email` belongs to an account the demo seed created (issue 19, item 2): the outbox serves
 * only those. An account that signed up for real gets its link by email only, demo or not.
 */
export async function isSeededDemoAccount(db: Db["db"], email: string): Promise<boolean> {
  const [ids, user] = await Promise.all([
    db.selectFrom("app_meta").select("value").where("key", "=", DEMO_ACCOUNT_IDS_KEY).executeTakeFirst(),
    db.selectFrom("user").select("id").where("email", "=", email.trim().toLowerCase()).executeTakeFirst(),
  ]);
  if (!ids || !user) return false;
  return (JSON.parse(ids.value) as unknown[]).includes(user.id);
}
