import { z } from "zod";
import { PersonRef } from "#domain/contracts/people.ts";
import { MAX_PEOPLE_QUERY } from "#domain/people/people-search.ts";

/** A people search (issue 34, item 7): three letters of a name or an exact email; see people-search.ts. */
export const PeopleSearchQuery = z.strictObject({ q: z.string().max(MAX_PEOPLE_QUERY).default("") });

/** Someone a search found, with what tells them apart from others of the same name. */
export const FoundPerson = PersonRef.extend({
  town: z.string().nullable(),
  /** The name of a trainer of a horse they own. */
  barn: z.string().nullable(),
  /** Themselves, a friend, a friend request either way, or their barn. */
  known: z.boolean(),
});
export type FoundPerson = z.infer<typeof FoundPerson>;

export const PeopleSearchResult = z.object({ people: z.array(FoundPerson) });
export type PeopleSearchResult = z.infer<typeof PeopleSearchResult>;

export const TOWN_MAX = 60;

/** My Profile → who can find me: findable by people who do not know me, and my town (ADR 034). */
export const Findability = z.strictObject({
  findable: z.boolean(),
  town: z
    .string()
    .trim()
    .max(TOWN_MAX, { error: `Town must be at most ${TOWN_MAX} characters.` })
    .transform((town) => town || null)
    .nullable(),
});
export type Findability = z.output<typeof Findability>;
