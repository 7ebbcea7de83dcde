import {
  nextSortOf,
  parseSortParam,
  type SortDirection,
  sortParams,
  type TableSort,
} from "#domain/sorting/table-sort.ts";

/**
 * Sorting the standings by a column (issue 36, ADR 048): the wide table's header buttons ask the server for
 * the whole division in that order, a page at a time. The rank order (points, then name) is the start. The
 * owner is the one printed at the horse's newest show, kept on its standing, so it sorts as the others do.
 */
export const STANDINGS_SORTS = ["rank", "horse", "owner", "points", "shows", "placings"] as const;
export type StandingsColumn = (typeof STANDINGS_SORTS)[number];
export type StandingsSort = TableSort<StandingsColumn>;

/** Every `sort` the standings take: a column, a leading minus for descending ("-points"). */
export const STANDINGS_SORT_PARAMS = sortParams(STANDINGS_SORTS);
export type StandingsSortParam = (typeof STANDINGS_SORT_PARAMS)[number];

export const RANK_ORDER: StandingsSort = { column: "rank", direction: "ascending" };

/** The sort a checked parameter names; none is the rank order. */
export function standingsSortOf(param: StandingsSortParam | undefined): StandingsSort {
  return param === undefined ? RANK_ORDER : parseSortParam(param);
}

/** Whether a sort lists the horses in rank order: by rank from the top, or by points from the most. */
export function isRankOrder(sort: StandingsSort): boolean {
  return (
    (sort.column === "rank" && sort.direction === "ascending") ||
    (sort.column === "points" && sort.direction === "descending")
  );
}

/** A column's first direction: counts from the most, words and ranks from the start. */
const FIRST: Record<StandingsColumn, SortDirection> = {
  rank: "ascending",
  horse: "ascending",
  owner: "ascending",
  points: "descending",
  shows: "descending",
  placings: "descending",
};

/** The sort after choosing `column`: the same column turns round, another starts at its first direction. */
export function nextSort(current: StandingsSort, column: StandingsColumn): StandingsSort {
  return nextSortOf(current, column, FIRST);
}
