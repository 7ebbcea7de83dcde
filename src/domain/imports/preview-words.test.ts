import { describe, expect, it } from "vitest";
import { prizeListTexts } from "#domain/texts/prize-lists.ts";
import { previewSessionHeading, previewShowDates } from "./preview-words.ts";

describe("the import preview's dates and times", () => {
  it.each([
    ["Saturday Night", "2027-05-15", "18:30", "Saturday Night · Saturday, May 15 · 6:30 PM"],
    ["Friday Morning", "2027-05-14", "08:00", "Friday Morning · Friday, May 14 · 8:00 AM"],
    ["Noon Session", null, "12:00", "Noon Session · 12:00 PM"],
    ["Midnight Class", null, "00:15", "Midnight Class · 12:15 AM"],
    ["Sunday", "2027-05-16", null, "Sunday · Sunday, May 16"],
    ["Afternoon", null, null, "Afternoon"],
  ])("%s %s %s → %s", (name, date, time, heading) => {
    expect(previewSessionHeading(name, date, time)).toBe(heading);
    expect(previewSessionHeading(name, date, time)).not.toMatch(/\d{4}-\d\d-\d\d|\b(1[3-9]|2\d):\d\d\b/);
  });
  it.each([
    ["2027-05-14", "2027-05-14", prizeListTexts.showDates("Fri, May 14, 2027", "Fri, May 14, 2027")],
    ["2027-05-14", "2027-05-15", prizeListTexts.showDates("Fri, May 14, 2027", "Sat, May 15, 2027")],
  ])("show dates %s – %s", (start, end, words) => {
    expect(previewShowDates(start, end)).toBe(words);
    expect(previewShowDates(start, end)).not.toMatch(/\d{4}-\d\d-\d\d/);
  });
});
