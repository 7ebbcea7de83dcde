import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import {
  PushConfig,
  PushDevice,
  PushDeviceList,
  PushDeviceParams,
  PushSettings,
  PushSettingsInput,
  PushSubscriptionInput,
} from "#domain/contracts/push.ts";
import { unauthorized } from "#server/platform/errors.ts";
import type { SessionLookup } from "#server/platform/live-streams.ts";
import {
  getSettings,
  listDevices,
  type PushServiceDeps,
  removeDevice,
  saveSettings,
  subscribe,
} from "./push.service.ts";

/** Web Push (issue 27): the key to subscribe with, the viewer's devices, and what reaches them. */
export async function pushRoutes(
  app: FastifyInstance,
  opts: { deps: PushServiceDeps; sessionOf: SessionLookup },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;

  r.get(
    "/api/push/config",
    {
      schema: {
        tags: ["push"],
        summary: "The VAPID public key a browser subscribes with (applicationServerKey)",
        response: { 200: PushConfig, 401: ErrorBody },
      },
    },
    async (request) => {
      await app.requireViewer(request);
      return { publicKey: deps.publicKey };
    },
  );

  r.get(
    "/api/push/devices",
    {
      schema: {
        tags: ["push"],
        summary: "The viewer's devices that get push notifications",
        response: { 200: PushDeviceList, 401: ErrorBody },
      },
    },
    async (request) => listDevices(deps.db, await app.requireViewer(request)),
  );

  r.post(
    "/api/push/devices",
    {
      // A subscription is a few hundred bytes; nothing bigger is read.
      bodyLimit: 8 * 1024,
      schema: {
        tags: ["push"],
        summary:
          "Turns push on for this browser (its PushSubscription) for the viewer and this session; never contacts the push service",
        body: PushSubscriptionInput,
        response: { 200: PushDevice, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      const session = await opts.sessionOf(request);
      if (!session || session.userId !== viewer.id) throw unauthorized();
      return subscribe(deps, viewer, session.sessionId, request.body, request.headers["user-agent"]);
    },
  );

  r.delete(
    "/api/push/devices/:id",
    {
      config: { idempotent: true },
      schema: {
        tags: ["push"],
        summary: "Removes one of the viewer's devices: it gets no more push notifications",
        params: PushDeviceParams,
        response: { 200: z.object({ ok: z.literal(true) }), 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      await removeDevice(deps.db, await app.requireViewer(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    "/api/push/settings",
    {
      schema: {
        tags: ["push"],
        summary: "Per kind of notification: pushed or in the app only; quiet hours and time zone",
        response: { 200: PushSettings, 401: ErrorBody },
      },
    },
    async (request) => getSettings(deps.db, await app.requireViewer(request)),
  );

  r.put(
    "/api/push/settings",
    {
      bodyLimit: 8 * 1024,
      schema: {
        tags: ["push"],
        summary: "Saves the viewer's push choices, quiet hours and time zone",
        body: PushSettingsInput,
        response: { 200: PushSettings, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => saveSettings(deps.db, await app.requireViewer(request), request.body),
  );
}
