import { z } from "zod";
import { DateOnly, IdParam, PersonRef } from "#domain/contracts/people.ts";
import { CHAMPION_BADGES } from "#domain/results/champion-badge.ts";
import { DIVISION_IDS } from "#domain/shows/divisions.ts";

export const HORSE_GENDERS = ["Stallion", "Mare", "Gelding", "Filly", "Colt"] as const;
export const HorseGender = z.enum(HORSE_GENDERS);
export type HorseGender = z.infer<typeof HorseGender>;

export const HORSE_NAME_MAX = 100;

export const HorseSummary = z.object({
  id: z.string(),
  name: z.string(),
  gender: HorseGender.nullable(),
  pictureId: z.string().nullable(),
});
export type HorseSummary = z.infer<typeof HorseSummary>;

export const HorseList = z.object({ horses: z.array(HorseSummary) });
export type HorseList = z.infer<typeof HorseList>;

export const HorseDetail = HorseSummary.extend({
  dateOfBirth: z.string(),
  canters: z.boolean(),
  divisions: z.array(z.string()),
  owners: z.array(PersonRef),
  trainers: z.array(PersonRef),
  badge: z.enum(CHAMPION_BADGES).nullable(),
  /** What the viewer may do; the server checks again on every write. */
  permissions: z.object({ canEditDetails: z.boolean(), canEditOwnership: z.boolean() }),
});
export type HorseDetail = z.infer<typeof HorseDetail>;

const name = z
  .string({ error: "Name is required." })
  .trim()
  .min(1, { error: "Name is required." })
  .max(HORSE_NAME_MAX, { error: `Name must be at most ${HORSE_NAME_MAX} characters.` });

const peopleIds = z.array(IdParam).max(50);

export const HorseDetailsBody = z.strictObject({
  name,
  dateOfBirth: DateOnly,
  gender: HorseGender.nullable(),
  canters: z.boolean(),
  divisions: z.array(z.enum(DIVISION_IDS)).max(DIVISION_IDS.length),
});
export type HorseDetailsBody = z.infer<typeof HorseDetailsBody>;

export const HorseOwnershipBody = z.strictObject({
  ownerIds: peopleIds.min(1, { error: "A horse needs at least one owner." }),
  trainerIds: peopleIds,
});
export type HorseOwnershipBody = z.infer<typeof HorseOwnershipBody>;

/** Add New Horse: details plus owners and trainers; the creator is always an owner. */
export const CreateHorseBody = HorseDetailsBody.extend({
  ownerIds: peopleIds.default([]),
  trainerIds: peopleIds.default([]),
});
export type CreateHorseBody = z.input<typeof CreateHorseBody>;

/** One upcoming class of the horse's schedule (an ImShowing or HorseIsShowing entry). */
export const ScheduleClass = z.object({
  classId: z.string(),
  number: z.string(),
  name: z.string(),
  date: z.string(),
});
export const ScheduleShow = z.object({
  showId: z.string(),
  name: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  classes: z.array(ScheduleClass),
});
export type ScheduleShow = z.infer<typeof ScheduleShow>;
export const HorseSchedule = z.object({ horseName: z.string(), shows: z.array(ScheduleShow) });
export type HorseSchedule = z.infer<typeof HorseSchedule>;

/** The trainer's barn: horses they train, with owner names. */
export const BarnHorse = HorseSummary.extend({ owners: z.array(PersonRef) });
export const BarnList = z.object({ horses: z.array(BarnHorse) });
export type BarnHorse = z.infer<typeof BarnHorse>;
export type BarnList = z.infer<typeof BarnList>;

export const PictureResult = z.object({ pictureId: z.string() });
export type PictureResult = z.infer<typeof PictureResult>;
