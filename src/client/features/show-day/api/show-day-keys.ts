/**
 * React Query keys for show day, defined once; a module of their own, so a screen that only looks for a
 * show's day in the page's data (show detail, the roster) carries nothing else of show day.
 */
export const showDayKeys = {
  all: ["show-day"] as const,
  day: (showId: string) => [...showDayKeys.all, "day", showId] as const,
  stewards: (showId: string) => [...showDayKeys.all, "stewards", showId] as const,
  board: (showId: string) => [...showDayKeys.all, "board", showId] as const,
  alertSetting: () => [...showDayKeys.all, "alert-setting"] as const,
};
