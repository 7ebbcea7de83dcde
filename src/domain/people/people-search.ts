/**
 * Finding people (issue 34, item 7; ADR 034). Lists offer the people someone knows — themselves, their
 * friends, their barn — and anyone else is found only by a search: three letters of a name, or an exact
 * email, and only among accounts that let themselves be found. A partial email never searches, so an
 * address cannot be guessed a letter at a time.
 */
export const MIN_SEARCH_LETTERS = 3;
/** At most this many people per search: a search narrows, it never lists a season's 20,000 accounts. */
export const PEOPLE_SEARCH_LIMIT = 10;
export const MAX_PEOPLE_QUERY = 100;
/**
 * Searches one person may make in a minute: typing a name asks once a letter, so a person never meets it,
 * while a script trying email after email to learn who has an account is stopped at sixty a minute.
 */
export const PEOPLE_SEARCHES_PER_MINUTE = 60;

export type PeopleQuery =
  | { kind: "tooShort" }
  | { kind: "email"; email: string }
  | { kind: "name"; text: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
const LETTER = /\p{L}|\p{N}/gu;

/** What a search box's text asks for: an exact email, a name of at least three letters, or nothing yet. */
export function readPeopleQuery(raw: string): PeopleQuery {
  const text = raw.trim().replace(/\s+/gu, " ").slice(0, MAX_PEOPLE_QUERY);
  if (text.includes("@"))
    return EMAIL.test(text) ? { kind: "email", email: text.toLowerCase() } : { kind: "tooShort" };
  return (text.match(LETTER)?.length ?? 0) >= MIN_SEARCH_LETTERS
    ? { kind: "name", text }
    : { kind: "tooShort" };
}
