import { describe, expect, it } from "vitest";
import { EntryStatus } from "#domain/contracts/entries.ts";
import {
  ENTRY_STATUSES,
  isEntryStatus,
  isUpcomingShowing,
  statusLabel,
} from "#domain/roster/entry-status.ts";

describe("statusLabel", () => {
  it.each([
    ["ImShowing", "I'm Showing"],
    ["HorseIsShowing", "My Horse is Showing"],
    ["CustomerIsShowing", "Customer is Showing"],
    ["FriendIsShowing", "Friend is Showing"],
    ["Interested", "Interested Not Sure"],
    ["WatchClass", "Watch Class"],
    ["imshowing", "Status Unknown"],
    ["Watching", "Status Unknown"],
    ["", "Status Unknown"],
    ["toString", "Status Unknown"],
    ["constructor", "Status Unknown"],
  ])("%j → %j", (status, expected) => {
    expect(statusLabel(status)).toBe(expected);
  });
});

describe("isUpcomingShowing", () => {
  it.each([
    ["ImShowing", true],
    ["HorseIsShowing", true],
    ["CustomerIsShowing", false],
    ["FriendIsShowing", false],
    ["Interested", false],
    ["WatchClass", false],
    ["Unknown", false],
  ])("%s → %s", (status, expected) => {
    expect(isUpcomingShowing(status)).toBe(expected);
  });
});

describe("EntryStatus", () => {
  it("lists the six statuses in the spec's order", () => {
    expect(ENTRY_STATUSES).toEqual([
      "ImShowing",
      "HorseIsShowing",
      "CustomerIsShowing",
      "FriendIsShowing",
      "Interested",
      "WatchClass",
    ]);
  });

  it.each(ENTRY_STATUSES.map((s) => [s]))("accepts %s", (status) => {
    expect(EntryStatus.parse(status)).toBe(status);
    expect(isEntryStatus(status)).toBe(true);
  });

  it.each([["Status Unknown"], ["imshowing"], [""]])("rejects %j", (status) => {
    expect(EntryStatus.safeParse(status).success).toBe(false);
    expect(isEntryStatus(status)).toBe(false);
  });
});
