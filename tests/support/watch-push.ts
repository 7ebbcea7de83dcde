import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { pushTexts } from "#domain/texts/push.ts";
import { buildEntry } from "./entries-factories.ts";
import { type PushServiceStandIn, startPushService } from "./push-service.ts";
import { call, TEST_ORIGIN } from "./server.ts";
import { buildRunningShow } from "./show-day-factories.ts";
import type { BuiltTestApp } from "./test-app.ts";

/**
 * Notify me's route as a page's script calls it (ADR 049, 052): from `address` (198.51.100.7 unless
 * said), with our Origin unless `headers` say otherwise, the body as JSON unless `raw` is given.
 */
export const watchPushRequest = (
  app: FastifyInstance,
  method: "POST" | "DELETE",
  token: string,
  body: unknown,
  opts: { address?: string; headers?: Record<string, string>; raw?: string } = {},
) =>
  app.inject({
    method,
    url: `/api/watch/${token}/push`,
    remoteAddress: opts.address ?? "198.51.100.7",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...opts.headers },
    payload: opts.raw ?? JSON.stringify(body),
  });

/** A show running now (buildRunningShow) whose ring `steward` drives. */
export async function stewardedRunningShow(
  app: FastifyInstance,
  admin: { cookie: string },
  steward: { id: string },
) {
  const show = await buildRunningShow(app, admin);
  const named = await call(app, "PUT", `/api/shows/${show.show.id}/stewards`, {
    cookie: admin.cookie,
    body: { userIds: [steward.id] },
  });
  expect(named.statusCode).toBe(200);
  return show;
}

/** `horseId` entered by `userId` in `classId` of the show, showing. */
export const enterHorse = (
  app: FastifyInstance,
  userId: string,
  showId: string,
  horseId: string,
  classId: string,
) => buildEntry(app, { userId, showId, classId, status: "HorseIsShowing", horseId });

/**
 * What every Notify-me test file drives: the local push service (started before its tests, closed after),
 * a running show whose ring `steward` drives, a ring action, and the watch queue sent out at once.
 */
export function notifyMeShow(
  t: BuiltTestApp,
  admin: { cookie: string },
  steward: { id: string; cookie: string },
) {
  let service: PushServiceStandIn | undefined;
  let show: Awaited<ReturnType<typeof buildRunningShow>> | undefined;
  beforeAll(async () => {
    service = await startPushService();
    show = await stewardedRunningShow(t.app, admin, steward);
  });
  afterAll(() => service?.close());
  return {
    service: () => service!,
    show: () => show!,
    ring: (body: Record<string, unknown>) =>
      call(t.app, "POST", `/api/shows/${show!.show.id}/ring/actions`, { cookie: steward.cookie, body }),
    drain: () => t.app.deps.push.watchDelivery.drain(),
    push: (
      method: "POST" | "DELETE",
      token: string,
      body: unknown,
      opts: Parameters<typeof watchPushRequest>[4] = {},
    ) => watchPushRequest(t.app, method, token, body, opts),
  };
}

/** A live link just made (201, either kind): its id and the token in its address. */
export function madeLink(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(201);
  const link = res.json() as { id: string; url: string };
  return { id: link.id, token: new URL(link.url).pathname.split("/").at(-1)! };
}

/** Endpoints a server without the test flag refuses, with what it says: not https, or not a public address. */
const REFUSED_ENDPOINTS: readonly (readonly [string, string])[] = [
  ["http://push.example.com/send/1", pushTexts.errors.notHttps],
  ["https://127.0.0.1/send/1", pushTexts.errors.privateEndpoint],
  ["https://localhost/send/1", pushTexts.errors.privateEndpoint],
  ["https://10.1.2.3/send/1", pushTexts.errors.privateEndpoint],
  ["https://192.168.1.20/send/1", pushTexts.errors.privateEndpoint],
  ["https://[::1]/send/1", pushTexts.errors.privateEndpoint],
  ["https://169.254.169.254/latest", pushTexts.errors.privateEndpoint],
];

/** Each endpoint such a server refuses, subscribed on `token`'s push route (`body` around it): 400, saying why. */
export async function expectEndpointsRefused(
  app: FastifyInstance,
  token: string,
  body: (endpoint: string) => unknown,
) {
  for (const [endpoint, message] of REFUSED_ENDPOINTS) {
    const res = await watchPushRequest(app, "POST", token, body(endpoint));
    expect(res.statusCode, endpoint).toBe(400);
    expect(res.json().error.message).toBe(message);
  }
}
