import { z } from "zod";
import { DateOnly, IdParam } from "#domain/contracts/people.ts";

/** Add Show Record placings: 1 to 10, or Participated. */
export const PLACINGS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Participated"] as const;
export const Placing = z.enum(PLACINGS);
export type Placing = z.infer<typeof Placing>;

export const RECORD_TEXT_MAX = 200;

export const ShowRecord = z.object({
  id: z.string(),
  showName: z.string(),
  className: z.string(),
  showDate: z.string(),
  placing: z.string(),
  horse: z.object({ id: z.string(), name: z.string() }),
  rider: z.object({ id: z.string(), name: z.string() }),
  /** Matched from the show's posted results (issue 22): the owner can hide it, not edit it. */
  fromResults: z.boolean().optional(),
});
export type ShowRecord = z.infer<typeof ShowRecord>;
export const ShowRecordList = z.object({ records: z.array(ShowRecord) });
export type ShowRecordList = z.infer<typeof ShowRecordList>;

const text = z.string().trim().min(1).max(RECORD_TEXT_MAX);

export const CreateRecordBody = z.strictObject({
  showName: text,
  className: text,
  showDate: DateOnly,
  placing: Placing,
  horseId: IdParam,
  riderId: IdParam,
});
export type CreateRecordBody = z.infer<typeof CreateRecordBody>;

/** Show-name autocomplete starts after more than this many characters. */
export const AUTOCOMPLETE_MIN_CHARS = 2;

export const PastShowQuery = z.strictObject({ q: z.string().max(100) });
export const PastShow = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
});
export type PastShow = z.infer<typeof PastShow>;
export const PastShowList = z.object({ shows: z.array(PastShow) });
export type PastShowList = z.infer<typeof PastShowList>;
export const PastShowClasses = z.object({
  classes: z.array(z.object({ id: z.string(), number: z.string(), name: z.string() })),
});
export type PastShowClasses = z.infer<typeof PastShowClasses>;
