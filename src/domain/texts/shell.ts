/**
 * Every user-facing text of the product spec, word for word, in one place: this module holds the words
 * the shell itself shows on every screen (navigation, common words); each screen's own words are a module
 * in `src/domain/texts/` (`planner.ts`, `show.ts`, `roster.ts`, `profile.ts`, …; ADR 015),
 * loaded with that screen's chunk, imported directly, never re-exported here.
 * UI and tests import from these so a changed word breaks a test instead of drifting.
 */
export const PRODUCT_NAME = "Ringside";

/** The spec's local-storage key: the product's name plus a user suffix. */
export const USER_STORAGE_KEY = "ringside_user";

export const texts = {
  nav: {
    roster: "Roster",
    planner: "Planner",
    horses: "Horses",
    barn: "Barn",
    profile: "Profile",
    admin: "Admin",
    notifications: "Notifications",
  },
  /**
   * Blocking someone (issue 8, ADR 008), from the roster (an entry's author) or the friends list; the
   * confirmation's texts are in texts/profile.ts.
   */
  /** Beyond the spec (issue 11): the rest of what working without a connection says is in texts/offline.ts. */
  offline: {
    needsConnection: "This screen needs a connection: it has not been opened on this device while online.",
  },
  common: {
    /** A show card or show detail whose judges are not known yet (the spec's words). */
    noJudges: "Judges to be announced",
    loading: "Loading…",
    retry: "Try again",
    back: "Back",
    ok: "OK",
    skipToContent: "Skip to main content",
    /** Every API call that cannot reach the server says so (also `errorsTexts.network`). */
    network: "Could not reach the server. Check your connection and try again.",
  },
} as const;
