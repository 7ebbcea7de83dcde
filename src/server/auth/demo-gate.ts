import type { FastifyRequest } from "fastify";
import ipaddr from "ipaddr.js";
import type { Db } from "#server/db/client.ts";
import { DEMO_ACCOUNT_IDS_KEY } from "#server/db/seed/demo-accounts.ts";

/**
 * Demo mode's two doors, the default session (sign in as the admin with no password) and the outbox's
 * "complete sign-in" button, open only to a client on this machine (issue 19, item 1). Judged by the
 * socket's own address, never by Host or Origin; and when TRUST_PROXY names a proxy, by every address
 * Fastify's trust logic reads from X-Forwarded-For as well (`request.ips`: the socket, the trusted
 * proxies, the client they name), so behind nginx on this machine the client nginx names decides
 * (issue 31, item 3). Each of them must be loopback: a forged header can only add addresses, never
 * hide the one the proxy wrote. Without TRUST_PROXY the header is never read, and a proxy on this
 * machine makes every client look local (hence DEMO=1 and the banner there).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const chain = request.ips ?? [request.socket.remoteAddress];
  return chain.length > 0 && chain.every(isLoopback);
}

function isLoopback(address: string | undefined): boolean {
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
