/**
 * The planner's filters live in the URL query of the planner's path (`/planner?name=..&judge=..`), so back,
 * reload and shared links keep them. These pure helpers translate between the URL and the filter state.
 */
export interface PlannerFilters {
  name: string;
  location: string;
  judges: string[];
  divisions: string[];
  orgs: string[];
  /** The Upcoming / Past shows switch above the list (`past=1`); a view, not a filter, so it has no chip. */
  past: boolean;
}

export const EMPTY_FILTERS: PlannerFilters = {
  name: "",
  location: "",
  judges: [],
  divisions: [],
  orgs: [],
  past: false,
};

/** Clear all: every filter goes, the Upcoming / Past choice stays. */
export const clearFilters = (filters: PlannerFilters): PlannerFilters => ({
  ...EMPTY_FILTERS,
  past: filters.past,
});

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

export function filtersFromParams(params: URLSearchParams): PlannerFilters {
  return {
    name: params.get("name")?.trim() ?? "",
    location: params.get("location")?.trim() ?? "",
    judges: unique(params.getAll("judge")),
    divisions: unique(params.getAll("division")),
    orgs: unique(params.getAll("org")),
    past: params.get("past") === "1",
  };
}

/** The URL query for these filters; empty fields are left out so a clean planner has a clean URL. */
export function filtersToParams(filters: PlannerFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.name.trim()) params.set("name", filters.name.trim());
  if (filters.location.trim()) params.set("location", filters.location.trim());
  for (const judge of unique(filters.judges)) params.append("judge", judge);
  for (const division of unique(filters.divisions)) params.append("division", division);
  for (const org of unique(filters.orgs)) params.append("org", org);
  if (filters.past) params.set("past", "1");
  return params;
}

/** The same filters as the API's querystring (GET /api/shows). */
export function filtersToApiQuery(filters: PlannerFilters): string {
  const params = filtersToParams(filters);
  if (params.has("past")) {
    params.delete("past");
    params.set("period", "past");
  }
  return params.toString();
}

export type ChipKind = "name" | "location" | "judge" | "division" | "org";

export interface FilterChip {
  kind: ChipKind;
  value: string;
}

/** One chip per active filter value, in the spec's order: Name, Location, Judges, Divs, Orgs. */
export function filterChips(filters: PlannerFilters): FilterChip[] {
  return [
    ...(filters.name ? [{ kind: "name" as const, value: filters.name }] : []),
    ...(filters.location ? [{ kind: "location" as const, value: filters.location }] : []),
    ...filters.judges.map((value) => ({ kind: "judge" as const, value })),
    ...filters.divisions.map((value) => ({ kind: "division" as const, value })),
    ...filters.orgs.map((value) => ({ kind: "org" as const, value })),
  ];
}

/** The filter button's badge: how many filter values are active. */
export const activeFilterCount = (filters: PlannerFilters): number => filterChips(filters).length;

export function removeChip(filters: PlannerFilters, chip: FilterChip): PlannerFilters {
  switch (chip.kind) {
    case "name":
      return { ...filters, name: "" };
    case "location":
      return { ...filters, location: "" };
    case "judge":
      return { ...filters, judges: filters.judges.filter((v) => v !== chip.value) };
    case "division":
      return { ...filters, divisions: filters.divisions.filter((v) => v !== chip.value) };
    case "org":
      return { ...filters, orgs: filters.orgs.filter((v) => v !== chip.value) };
  }
}

/** The spec truncates a division chip to 20 characters. */
export function truncate(text: string, max = 20): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
