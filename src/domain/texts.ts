/**
 * Every user-facing text of the product spec, word for word, in one place: this module holds the
 * sections the first load needs; each section only lazy screens or the server use is its own module
 * beside it (`texts-admin.ts`, `texts-profile.ts`, …; ADR 015), imported directly, never re-exported here.
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
  entries: {
    statusLabels: {
      ImShowing: "I'm Showing",
      HorseIsShowing: "My Horse is Showing",
      CustomerIsShowing: "Customer is Showing",
      FriendIsShowing: "Friend is Showing",
      Interested: "Interested Not Sure",
      WatchClass: "Watch Class",
    },
    unknownStatus: "Status Unknown",
    errors: {
      loadFailed: "Could not load your entries for this class.",
      saveFailed: "Could not save your entries.",
      removeFailed: "Could not remove the entry.",
    },
  },
  /**
   * Blocking someone (issue 8, ADR 008), from the roster (an entry's author) or the friends list; the
   * confirmation's texts are in texts-profile.ts.
   */
  blocking: {
    block: "Block",
    blockLabel: (name: string) => `Block ${name}`,
  },
  planner: {
    title: "Show Planner",
    subtitle: "Find and filter shows to build your season",
    empty: "No shows match your criteria",
    emptyHint: "Try adjusting or clearing your filters.",
    filters: "Filters",
    clearAll: "Clear all",
    clearAllSheet: "Clear All",
    applyFilters: "Apply Filters",
    showNamePlaceholder: "Search by show name...",
    locationPlaceholder: "Search by city or state...",
    noResults: "No results found.",
    aiHorsePrompt: "Select a horse for AI Recs...",
    getRecommendations: "Get Recommendations",
    aiPrediction: "AI Prediction",
    showName: "Show Name",
    location: "Location",
    judges: "Judges",
    divisions: "Divisions",
    orgs: "Sanctioning Orgs",
    periodLabel: "Which shows",
    upcomingShows: "Upcoming",
    pastShows: "Past shows",
    searchList: (label: string) => `Search ${label.toLowerCase()}...`,
    chipName: (v: string) => `Name: ${v}`,
    chipLocation: (v: string) => `Location: ${v}`,
    chipJudge: (v: string) => `Judge: ${v}`,
    chipDivision: (v: string) => `Div: ${v}`,
    chipOrg: (v: string) => `Org: ${v}`,
    removeFilter: (label: string) => `Remove filter ${label}`,
    openFilters: (n: number) => (n > 0 ? `Filters, ${n} active` : "Filters"),
    loadMore: "Load more shows",
    loadingShows: "Loading shows…",
    loadFailed: "Could not load shows.",
    judgesLine: (judges: string) => `Judges: ${judges}`,
    noJudges: "Judges to be announced",
    activeFilters: "Active filters",
    closeFilters: "Close filters",
  },
  show: {
    addToCalendar: "Add to Calendar",
    /** Opens the printed barn schedule (issue 25); its words are in texts-season.ts. */
    printSchedule: "Print schedule",
    searchClasses: (n: number) => `Search ${n} classes...`,
    noClassesMatch: "No classes match your search.",
    noClasses: "No classes found for this show.",
    notFoundTitle: "Show not found",
    notFoundBody: "The show you are looking for does not exist.",
    backToPlanner: "Back to Planner",
    details: "Details",
    dates: "Dates",
    judges: "Judges",
    sanctioningOrg: "Sanctioning Org",
    classSchedule: "Class Schedule",
    searchLabel: "Search classes",
    classCount: (shown: number, total: number) =>
      shown === total ? `${total} classes` : `${shown} of ${total} classes`,
    loadFailed: "Could not load this show.",
    /** The calendar file's DESCRIPTION: location and judges, one per line. */
    calendarDescription: (location: string, judges: readonly string[]) =>
      `Location: ${location}\nJudges: ${judges.length > 0 ? judges.join(", ") : "To be announced"}`,
  },
  demo: {
    banner: "Demo mode — anyone can sign in as the admin",
  },
  /** Beyond the spec (issue 11): the rest of what working without a connection says is in texts-offline.ts. */
  offline: {
    needsConnection: "This screen needs a connection: it has not been opened on this device while online.",
  },
  common: {
    loading: "Loading…",
    retry: "Try again",
    back: "Back",
    ok: "OK",
    skipToContent: "Skip to main content",
    /** Every API call that cannot reach the server says so (also `errorsTexts.network`). */
    network: "Could not reach the server. Check your connection and try again.",
  },
} as const;
