/**
 * A show's time zone (issue 21): an IANA name, stored when an admin chose one, otherwise the zone of the
 * state in the show's location ("Shelbyville, TN" → America/Chicago). States that span two zones get
 * the zone most of their people (and shows) are in; the admin can change it.
 */

/** Where the walking-horse world mostly shows; used when a location names no state we know. */
export const FALLBACK_TIME_ZONE = "America/Chicago";

const EASTERN = "America/New_York";
const CENTRAL = "America/Chicago";
const MOUNTAIN = "America/Denver";
const PACIFIC = "America/Los_Angeles";

/** US states (and DC) by postal code → the zone of most of the state. */
const STATE_ZONES: Record<string, { zone: string; name: string }> = {
  AL: { zone: CENTRAL, name: "Alabama" },
  AK: { zone: "America/Anchorage", name: "Alaska" },
  AZ: { zone: "America/Phoenix", name: "Arizona" },
  AR: { zone: CENTRAL, name: "Arkansas" },
  CA: { zone: PACIFIC, name: "California" },
  CO: { zone: MOUNTAIN, name: "Colorado" },
  CT: { zone: EASTERN, name: "Connecticut" },
  DE: { zone: EASTERN, name: "Delaware" },
  DC: { zone: EASTERN, name: "District of Columbia" },
  FL: { zone: EASTERN, name: "Florida" },
  GA: { zone: EASTERN, name: "Georgia" },
  HI: { zone: "Pacific/Honolulu", name: "Hawaii" },
  ID: { zone: "America/Boise", name: "Idaho" },
  IL: { zone: CENTRAL, name: "Illinois" },
  IN: { zone: "America/Indiana/Indianapolis", name: "Indiana" },
  IA: { zone: CENTRAL, name: "Iowa" },
  KS: { zone: CENTRAL, name: "Kansas" },
  KY: { zone: EASTERN, name: "Kentucky" },
  LA: { zone: CENTRAL, name: "Louisiana" },
  ME: { zone: EASTERN, name: "Maine" },
  MD: { zone: EASTERN, name: "Maryland" },
  MA: { zone: EASTERN, name: "Massachusetts" },
  MI: { zone: "America/Detroit", name: "Michigan" },
  MN: { zone: CENTRAL, name: "Minnesota" },
  MS: { zone: CENTRAL, name: "Mississippi" },
  MO: { zone: CENTRAL, name: "Missouri" },
  MT: { zone: MOUNTAIN, name: "Montana" },
  NE: { zone: CENTRAL, name: "Nebraska" },
  NV: { zone: PACIFIC, name: "Nevada" },
  NH: { zone: EASTERN, name: "New Hampshire" },
  NJ: { zone: EASTERN, name: "New Jersey" },
  NM: { zone: MOUNTAIN, name: "New Mexico" },
  NY: { zone: EASTERN, name: "New York" },
  NC: { zone: EASTERN, name: "North Carolina" },
  ND: { zone: CENTRAL, name: "North Dakota" },
  OH: { zone: EASTERN, name: "Ohio" },
  OK: { zone: CENTRAL, name: "Oklahoma" },
  OR: { zone: PACIFIC, name: "Oregon" },
  PA: { zone: EASTERN, name: "Pennsylvania" },
  RI: { zone: EASTERN, name: "Rhode Island" },
  SC: { zone: EASTERN, name: "South Carolina" },
  SD: { zone: CENTRAL, name: "South Dakota" },
  TN: { zone: CENTRAL, name: "Tennessee" },
  TX: { zone: CENTRAL, name: "Texas" },
  UT: { zone: MOUNTAIN, name: "Utah" },
  VT: { zone: EASTERN, name: "Vermont" },
  VA: { zone: EASTERN, name: "Virginia" },
  WA: { zone: PACIFIC, name: "Washington" },
  WV: { zone: EASTERN, name: "West Virginia" },
  WI: { zone: CENTRAL, name: "Wisconsin" },
  WY: { zone: MOUNTAIN, name: "Wyoming" },
};

const BY_NAME = new Map(Object.entries(STATE_ZONES).map(([code, s]) => [s.name.toLowerCase(), code]));

/**
 * The state a location names: its last comma-separated part, as a postal code ("Shelbyville, TN",
 * "Murfreesboro, TN 37130") or a full name ("Lexington, Kentucky"); null when there is none.
 */
export function stateOfLocation(location: string): string | null {
  const parts = location.split(",").map((p) => p.trim());
  for (const part of parts.slice(1).reverse()) {
    const code = /^([A-Za-z]{2})(?:\s+\d{5}(?:-\d{4})?)?$/.exec(part)?.[1]?.toUpperCase();
    if (code && STATE_ZONES[code]) return code;
    const named = BY_NAME.get(part.replace(/\s+\d{5}(?:-\d{4})?$/, "").toLowerCase());
    if (named) return named;
  }
  return null;
}

/** A state's full name ("TN" → "Tennessee"); the code itself when it is not one we know. */
export const stateName = (code: string): string => STATE_ZONES[code]?.name ?? code;

/** The time zone a show gets from its location when none was chosen. */
export function defaultTimeZone(location: string): string {
  const state = stateOfLocation(location);
  return state ? (STATE_ZONES[state]?.zone ?? FALLBACK_TIME_ZONE) : FALLBACK_TIME_ZONE;
}

/** The zone a show's times are in: the one chosen for it, else its location's. */
export const showTimeZone = (show: { timeZone: string | null; location: string }): string =>
  show.timeZone ?? defaultTimeZone(show.location);

/** Whether the runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones the show editor offers first: those of US states, each once, west to east. */
export const COMMON_TIME_ZONES: readonly string[] = [
  "Pacific/Honolulu",
  "America/Anchorage",
  PACIFIC,
  "America/Phoenix",
  "America/Boise",
  MOUNTAIN,
  CENTRAL,
  "America/Indiana/Indianapolis",
  "America/Detroit",
  EASTERN,
];
