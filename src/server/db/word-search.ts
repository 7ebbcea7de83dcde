import { type Expression, type SqlBool, sql } from "kysely";
import { searchWords } from "#domain/shows/word-search.ts";

/** LIKE treats % and _ as wildcards; a person typing them means the characters themselves. */
const escapeLike = (word: string): string => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The spec's search rule (word-search.ts) as SQL conditions: every space-separated word of `query`
 * appears in `column`, case-insensitive. Same text on SQLite and PostgreSQL (lower() + LIKE … ESCAPE).
 * Combine with `eb.and(...)`; a blank query gives no condition.
 */
export function allWordsLike(column: string, query: string): Expression<SqlBool>[] {
  return searchWords(query).map(
    (word) => sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escapeLike(word)}%`} escape '\\'`,
  );
}
