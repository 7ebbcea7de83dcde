import { z } from "zod";
import { IdParam } from "#domain/contracts/people.ts";

/** `GET /api/invites/:trainerId`: the id a trainer's invite link carries. */
export const InviteParams = z.strictObject({ trainerId: IdParam });

/**
 * Who invited the reader: only the trainer's id and name, for a greeting. The id comes from a link anyone
 * can edit, so the server answers only for a real trainer, and the app uses the answer for nothing else.
 */
export const Invite = z.object({ trainer: z.object({ id: z.string(), name: z.string() }) });
export type Invite = z.infer<typeof Invite>;
