import { z } from "zod";

/** A conflict warning on an entry (issue 25): which other entry, and why, in words. Never blocks. */
export const EntryWarning = z.object({
  kind: z.enum(["horseTwoShows", "tooClose", "rings", "showsOverlap"]),
  otherEntryId: z.string(),
  otherShowId: z.string(),
  otherClassId: z.string(),
  message: z.string(),
});
export type EntryWarning = z.infer<typeof EntryWarning>;
