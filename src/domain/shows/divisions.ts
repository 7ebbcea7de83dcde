/** The 24 divisions of the spec, in the spec's order. Ids are stable and stored in the database. */
export const DIVISIONS = [
  { id: "weanling", name: "Weanling" },
  { id: "yearling", name: "Yearling" },
  { id: "two-year-old", name: "Two-Year-Old" },
  { id: "three-year-old", name: "Three-Year-Old" },
  { id: "four-year-old", name: "Four-Year-Old" },
  { id: "five-year-old", name: "Five-Year-Old" },
  { id: "aged", name: "Aged Horses (Five & Over)" },
  { id: "youth", name: "Youth" },
  { id: "amateur", name: "Amateur" },
  { id: "open", name: "Open/Professional" },
  { id: "model", name: "Model" },
  { id: "equitation", name: "Equitation" },
  { id: "fine-harness", name: "Fine Harness" },
  { id: "all-day-pleasure", name: "All Day Pleasure" },
  { id: "country-pleasure", name: "Country Pleasure" },
  { id: "lite-shod", name: "Lite Shod" },
  { id: "park-pleasure", name: "Park Pleasure" },
  { id: "park-performance", name: "Park Performance" },
  { id: "show-pleasure", name: "Show Pleasure" },
  { id: "trail-pleasure", name: "Trail Pleasure" },
  { id: "performance", name: "Performance (Padded)" },
  { id: "four-year-old-walking-stallions", name: "Four-Year-Old Walking Stallions" },
  { id: "aged-walking-stallions", name: "Aged Walking Stallions" },
  { id: "aged-walking-mares-geldings", name: "Aged Walking Mares & Geldings" },
] as const;

export type DivisionId = (typeof DIVISIONS)[number]["id"];
export const DIVISION_IDS = DIVISIONS.map((d) => d.id) as [DivisionId, ...DivisionId[]];
export const divisionName = (id: string): string => DIVISIONS.find((d) => d.id === id)?.name ?? id;
