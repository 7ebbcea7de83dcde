import { z } from "zod";

/** The viewer's calendar feed: null until they create one. */
export const CalendarFeed = z.object({
  feed: z
    .object({
      /** https:// (or http:// locally): to copy into a calendar app's "subscribe by URL". */
      url: z.string(),
      /** The same address as webcal://, which phones and desktop calendars open as a subscription. */
      webcalUrl: z.string(),
    })
    .nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** The feed file's name in the URL: the token then `.ics`. */
export const CalendarFeedParams = z.strictObject({
  file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, { error: "Not a calendar feed." }),
});
