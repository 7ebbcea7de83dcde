/**
 * Sorting a table by a column (issue 36): the header buttons of the standings (ADR 045) and of the Admin
 * Panel's tables (ADR 048). Choosing the sorted column turns it round; another column starts at its first
 * direction (counts from the most, words and dates from the start).
 */
export type SortDirection = "ascending" | "descending";
export interface TableSort<C extends string> {
  column: C;
  direction: SortDirection;
}

/** The sort after choosing `column`. */
export function nextSortOf<C extends string>(
  current: TableSort<C>,
  column: C,
  first: Readonly<Record<C, SortDirection>>,
): TableSort<C> {
  if (current.column === column)
    return { column, direction: current.direction === "ascending" ? "descending" : "ascending" };
  return { column, direction: first[column] };
}

/** A sort as a query parameter: the column, with a leading minus when descending ("name", "-email"). */
export function sortParam<C extends string>(sort: TableSort<C>): string {
  return sort.direction === "descending" ? `-${sort.column}` : sort.column;
}

/** Every parameter a list of `columns` takes: each column both ways round (the API's allow-list). */
export function sortParams<const C extends string>(
  columns: readonly [C, ...C[]],
): [C | `-${C}`, ...(C | `-${C}`)[]] {
  return [...columns, ...columns.map((c) => `-${c}` as const)] as [C | `-${C}`, ...(C | `-${C}`)[]];
}

/** The sort a parameter names; the parameter was checked against `sortParams` at the edge. */
export function parseSortParam<C extends string>(value: C | `-${C}`): TableSort<C> {
  return value.startsWith("-")
    ? { column: value.slice(1) as C, direction: "descending" }
    : { column: value as C, direction: "ascending" };
}
