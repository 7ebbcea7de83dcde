import { z } from "zod";
import { calendarDay } from "#domain/contracts/calendar-day.ts";

/** A person as other screens show them: never an email or roles unless the screen needs them. */
export const PersonRef = z.object({
  id: z.string(),
  name: z.string(),
  photoId: z.string().nullable(),
});
export type PersonRef = z.infer<typeof PersonRef>;

/** Chooser lists: owners (everyone but admins) and trainers (users holding the Trainer role). */
export const UserChoices = z.object({
  owners: z.array(PersonRef),
  trainers: z.array(PersonRef),
});
export type UserChoices = z.infer<typeof UserChoices>;

/** Ids the server generates are UUIDs; anything longer is not ours. */
export const IdParam = z.string().min(1).max(64);

/** A date a person enters (birth, show record, class day): the shared calendar-day contract. */
export const DateOnly = calendarDay();
