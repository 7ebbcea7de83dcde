import { z } from "zod";
import { IdParam } from "#domain/contracts/people.ts";
import { PushSubscriptionInput } from "#domain/contracts/push.ts";

/**
 * Watch links (issue 35, ADR 044): a live page of one horse at one show for people without an account.
 * The token is shown once, when the link is made; the server keeps only its hash.
 */
export const CreateWatchLinkBody = z.strictObject({
  horseId: IdParam,
  showId: IdParam,
  /** Whether the page names the horse's rider. */
  showRider: z.boolean(),
});
export type CreateWatchLinkBody = z.infer<typeof CreateWatchLinkBody>;

export const WatchLinkView = z.object({
  id: z.string(),
  horseId: z.string(),
  horseName: z.string(),
  showId: z.string(),
  showName: z.string(),
  showRider: z.boolean(),
  /** Who made it (null once that account is gone). */
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The last day it works on (yyyy-mm-dd, the show's calendar): the day after the show ends. */
  lastDay: z.string(),
});
export type WatchLinkView = z.infer<typeof WatchLinkView>;

/** A link as its maker gets it, once: with its address. */
export const WatchLinkCreated = WatchLinkView.extend({ url: z.string() });
export type WatchLinkCreated = z.infer<typeof WatchLinkCreated>;

/** A show running or upcoming that the horse has classes at, which the viewer may share. */
export const WatchShow = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type WatchShow = z.infer<typeof WatchShow>;

/** Horse detail: the horse's live links the viewer may see, and the shows they may make one for. */
export const HorseWatchLinks = z.object({
  links: z.array(WatchLinkView),
  shows: z.array(WatchShow),
});
export type HorseWatchLinks = z.infer<typeof HorseWatchLinks>;

/** A roster card: the horses at this show the viewer may make a live link for. */
export const ShowWatchHorses = z.object({
  horses: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ShowWatchHorses = z.infer<typeof ShowWatchHorses>;

/**
 * Barn links (issue 35, ADR 050): a live page of the viewer's whole barn (the horses they train) at one
 * show. Made, listed and revoked by the trainer; the address is in the answer that makes it, only.
 */
export const CreateBarnWatchLinkBody = z.strictObject({
  showId: IdParam,
  /** Whether the page names the horses' riders. */
  showRider: z.boolean(),
});
export type CreateBarnWatchLinkBody = z.infer<typeof CreateBarnWatchLinkBody>;

export const BarnWatchLinkView = WatchLinkView.omit({ horseId: true, horseName: true });
export type BarnWatchLinkView = z.infer<typeof BarnWatchLinkView>;

export const BarnWatchLinkCreated = BarnWatchLinkView.extend({ url: z.string() });
export type BarnWatchLinkCreated = z.infer<typeof BarnWatchLinkCreated>;

/** The barn screen: the barn's working links, and the shows running or to come it has horses entered at. */
export const BarnWatchLinks = z.object({
  links: z.array(BarnWatchLinkView),
  shows: z.array(WatchShow),
});
export type BarnWatchLinks = z.infer<typeof BarnWatchLinks>;

export const WatchLinkParams = z.strictObject({ linkId: IdParam });
export const WatchHorseParams = z.strictObject({ horseId: IdParam });

/**
 * A show's public ring board (issue 35, ADR 046): whether `/shows/{id}/board` answers. Read and changed
 * by an admin or the show's ring stewards.
 */
export const BoardSetting = z.strictObject({ public: z.boolean() });
export type BoardSetting = z.infer<typeof BoardSetting>;

/** The most horses one barn subscription may choose: more than any barn enters at one show. */
export const MAX_BARN_PUSH_HORSES = 200;

/**
 * Notify me on a link's page (ADR 049): the browser's PushSubscription as `toJSON()` gives it, and on a
 * barn link's page (ADR 052) the horses it wants to hear about. Whether the address may be used (https,
 * public) and the horses are the barn's at the show are the service's checks.
 */
export const WatchPushBody = PushSubscriptionInput.omit({ timeZone: true }).extend({
  horseIds: z.array(IdParam).max(MAX_BARN_PUSH_HORSES).optional(),
});
export type WatchPushBody = z.infer<typeof WatchPushBody>;

/** Stop notifications: the endpoint of the browser that asks. */
export const WatchPushStopBody = WatchPushBody.pick({ endpoint: true });
export type WatchPushStopBody = z.infer<typeof WatchPushStopBody>;
