import { describe, expect, it } from "vitest";
import { documentTitle } from "#client/ui/use-document-title.ts";

describe("documentTitle", () => {
  it.each([
    ["Your Roster", "Your Roster — Ringside"],
    [
      "Tennessee Walking Horse National Celebration",
      "Tennessee Walking Horse National Celebration — Ringside",
    ],
    [null, "Ringside"],
    ["", "Ringside"],
  ])("%j → %j", (title, expected) => {
    expect(documentTitle(title)).toBe(expected);
  });
});
