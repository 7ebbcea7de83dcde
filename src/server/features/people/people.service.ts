import type { Findability, PeopleSearchResult } from "#domain/contracts/people-search.ts";
import { PEOPLE_SEARCH_LIMIT, readPeopleQuery } from "#domain/people/people-search.ts";
import { hasRole, parseRoles } from "#domain/people/roles.ts";
import { peopleSearchTexts } from "#domain/texts/people-search.ts";
import type { Db } from "#server/db/client.ts";
import { distinguishing, findableIds } from "#server/db/people-search.ts";
import type { Viewer } from "#server/http/viewer.ts";
import type { RateLimiter } from "#server/platform/ai/rate-limit.ts";
import { tooManyRequests } from "#server/platform/errors.ts";
import { peopleByIds, readFindability, writeFindability } from "./people.repository.ts";

/**
 * The entry dialog's rider search (issue 34, item 7): riders the viewer may find with `q` — people they
 * know, and others only if findable — each with their town and barn so two of one name can be told apart.
 */
export async function searchRiders(
  db: Db,
  viewer: Viewer,
  q: string,
  searches: RateLimiter,
): Promise<PeopleSearchResult> {
  if (!searches.take(viewer.id, 1)) throw tooManyRequests(peopleSearchTexts.tooManySearches);
  const found = await findableIds(db.db, viewer.id, readPeopleQuery(q), PEOPLE_SEARCH_LIMIT);
  const known = new Map(found.map((f) => [f.id, f.known]));
  // Riders are owners and trainers (the entry dialog's rule): an admin-only account is never one.
  const people = (await peopleByIds(db.db, [...known.keys()])).filter((p) => {
    const person = { roles: parseRoles(p.roles) };
    return hasRole(person, "Owner") || hasRole(person, "Trainer");
  });
  const details = await distinguishing(
    db.db,
    people.map((p) => p.id),
  );
  return {
    people: people.map(({ roles: _roles, ...p }) => ({
      ...p,
      town: details.get(p.id)?.town ?? null,
      barn: details.get(p.id)?.barn ?? null,
      known: known.get(p.id) ?? false,
    })),
  };
}

export const getFindability = (db: Db, viewer: Viewer): Promise<Findability> =>
  readFindability(db.db, viewer.id);

export async function setFindability(db: Db, viewer: Viewer, values: Findability): Promise<Findability> {
  await writeFindability(db.db, viewer.id, values);
  return values;
}
