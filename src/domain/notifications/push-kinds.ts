/**
 * The kinds of notification a person chooses about (issue 27): each notification type belongs to one
 * kind, and each kind is either in the app only or in the app and pushed to the person's devices.
 * A type that belongs to no kind stays in the app.
 */
export const PUSH_KINDS = [
  "class-alert",
  "result",
  "show-update",
  "barn",
  "new-show",
  "friend-request",
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * Which new shows a person hears of at all (issue 24, ADR 023; the rule is src/domain/notifications/new-show-reach.ts):
 * `near` (the default): shows they have a tie to; `all`: every new show; `none`: no new-show notices.
 */
export const NEW_SHOW_REACHES = ["near", "all", "none"] as const;
export type NewShowReach = (typeof NEW_SHOW_REACHES)[number];
export const DEFAULT_NEW_SHOW_REACH: NewShowReach = "near";

export const asNewShowReach = (value: string | null | undefined): NewShowReach =>
  (NEW_SHOW_REACHES as readonly string[]).includes(value ?? "")
    ? (value as NewShowReach)
    : DEFAULT_NEW_SHOW_REACH;

export type PushUrgency = "high" | "normal" | "low";

export interface PushKindRule {
  /** Pushed unless the person chose otherwise. */
  pushedByDefault: boolean;
  /** RFC 8030 Urgency: how eagerly a phone on battery wakes for it. */
  urgency: PushUrgency;
  /** How long the push service keeps trying to reach a phone that is off; after that it is too late to matter. */
  ttlSeconds: number;
  /** Quiet hours hold every kind back except the ones that cannot wait. */
  duringQuietHours: boolean;
}

const HOUR = 3600;

/**
 * Class alerts and results are what a person at a show waits for; a show moving a day has to reach
 * them too. Barn entries, new shows and friend requests can wait until the app is opened: a trainer
 * entering a barn of horses, or a season's calendar import, would otherwise buzz a phone dozens of times.
 */
export const PUSH_KIND_RULES: Record<PushKind, PushKindRule> = {
  "class-alert": { pushedByDefault: true, urgency: "high", ttlSeconds: HOUR / 2, duringQuietHours: true },
  result: { pushedByDefault: true, urgency: "normal", ttlSeconds: 24 * HOUR, duringQuietHours: false },
  "show-update": { pushedByDefault: true, urgency: "normal", ttlSeconds: 24 * HOUR, duringQuietHours: false },
  barn: { pushedByDefault: false, urgency: "normal", ttlSeconds: 24 * HOUR, duringQuietHours: false },
  "new-show": { pushedByDefault: false, urgency: "low", ttlSeconds: 72 * HOUR, duringQuietHours: false },
  "friend-request": {
    pushedByDefault: false,
    urgency: "low",
    ttlSeconds: 72 * HOUR,
    duringQuietHours: false,
  },
};

/**
 * Notification types (the `type` column) and their kind. `ClassAway` ("class N away") and
 * `ClassInRing` are show day's alerts; `Result` is the type posted results create.
 */
const KIND_OF_TYPE: Readonly<Record<string, PushKind>> = {
  ClassAway: "class-alert",
  ClassInRing: "class-alert",
  Result: "result",
  ShowUpdate: "show-update",
  NewQualifyingClass: "show-update",
  BarnActivity: "barn",
  NewShow: "new-show",
  FriendRequest: "friend-request",
};

export const pushKindOf = (type: string): PushKind | null =>
  Object.hasOwn(KIND_OF_TYPE, type) ? (KIND_OF_TYPE[type] ?? null) : null;

/** The person's choices over the defaults: a kind they never touched follows its rule. */
export function pushChoices(chosen: Partial<Record<PushKind, boolean>>): Record<PushKind, boolean> {
  return Object.fromEntries(
    PUSH_KINDS.map((kind) => [kind, chosen[kind] ?? PUSH_KIND_RULES[kind].pushedByDefault]),
  ) as Record<PushKind, boolean>;
}
