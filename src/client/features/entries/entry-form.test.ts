import { describe, expect, it } from "vitest";
import {
  anySelected,
  initialForm,
  knownNames,
  setHorse,
  setRider,
  tilesFor,
  toggleTile,
  toSaveEntries,
  withCurrent,
} from "#client/features/entries/entry-form.ts";
import type { MyEntry } from "#domain/contracts/entries.ts";

const owner = { id: "o", roles: ["Owner"] as const };
const trainer = { id: "t", roles: ["Owner", "Trainer"] as const };
const mine = (status: string, horseId: string | null = null, riderId: string | null = null): MyEntry => ({
  id: `${status}-${horseId}`,
  classId: "c",
  status,
  horseId,
  horseName: null,
  riderId,
  riderName: null,
  enteredBy: null,
});

describe("entry dialog state", () => {
  it.each([
    [owner, ["ImShowing", "HorseIsShowing", "Interested", "FriendIsShowing", "WatchClass"]],
    [trainer, ["ImShowing", "CustomerIsShowing", "Interested", "FriendIsShowing", "WatchClass"]],
  ])("tiles for %o", (viewer, expected) => {
    expect(tilesFor(viewer)).toEqual(expected);
  });

  it("opens with the current entries selected and keeps same-status extras", () => {
    const form = initialForm(owner, [mine("ImShowing", "h1"), mine("ImShowing", "h2"), mine("WatchClass")]);
    expect(form.ImShowing).toEqual({
      on: true,
      horseId: "h1",
      riderId: null,
      extra: [{ horseId: "h2", riderId: null }],
    });
    expect(form.WatchClass?.on).toBe(true);
    expect(form.Interested?.on).toBe(false);
    expect(toSaveEntries(form, owner)).toEqual([
      { status: "ImShowing", horseId: "h1", riderId: null },
      { status: "ImShowing", horseId: "h2", riderId: null },
      { status: "WatchClass", horseId: null, riderId: null },
    ]);
  });

  it("toggles on with empty horse and rider, and off again", () => {
    const on = toggleTile(initialForm(owner, []), "FriendIsShowing", owner);
    expect(on.FriendIsShowing).toEqual({ on: true, horseId: null, riderId: null, extra: [] });
    expect(anySelected(on)).toBe(true);
    const offAgain = toggleTile(on, "FriendIsShowing", owner);
    expect(anySelected(offAgain)).toBe(false);
    expect(toSaveEntries(offAgain, owner)).toEqual([]);
  });

  it("presets the rider to the trainer for a trainer's I'm Showing, not an owner's", () => {
    expect(toggleTile(initialForm(trainer, []), "ImShowing", trainer).ImShowing?.riderId).toBe("t");
    expect(toggleTile(initialForm(owner, []), "ImShowing", owner).ImShowing?.riderId).toBeNull();
  });

  it("clears the horse when the customer changes, but not when a friend's rider changes", () => {
    let form = toggleTile(initialForm(trainer, []), "CustomerIsShowing", trainer);
    form = setHorse(setRider(form, "CustomerIsShowing", "c1"), "CustomerIsShowing", "h1");
    expect(form.CustomerIsShowing).toMatchObject({ riderId: "c1", horseId: "h1" });
    expect(setRider(form, "CustomerIsShowing", "c2").CustomerIsShowing).toMatchObject({
      riderId: "c2",
      horseId: null,
    });
    let friend = toggleTile(initialForm(owner, []), "FriendIsShowing", owner);
    friend = setHorse(setRider(friend, "FriendIsShowing", "f1"), "FriendIsShowing", "h9");
    expect(setRider(friend, "FriendIsShowing", "f2").FriendIsShowing).toMatchObject({
      riderId: "f2",
      horseId: "h9",
    });
  });
});

describe("choosers show what is saved", () => {
  const known = knownNames([
    { ...mine("ImShowing", "theirs", "o"), horseName: "Their Horse", riderName: "Me" },
    { ...mine("WatchClass"), horseName: null },
  ]);
  const own = [{ id: "mine", name: "My Horse" }];

  it.each([
    ["nothing chosen", null, own],
    ["an offered choice", "mine", own],
    [
      "a horse not offered (mirrored onto the viewer)",
      "theirs",
      [...own, { id: "theirs", name: "Their Horse" }],
    ],
    ["an id with no known name", "ghost", [...own, { id: "ghost", name: "ghost" }]],
  ])("%s", (_label, value, expected) => {
    expect(withCurrent(own, value, known)).toEqual(expected);
  });

  it("knows the names of the saved horses and riders", () => {
    expect([...known]).toEqual([
      ["theirs", "Their Horse"],
      ["o", "Me"],
    ]);
  });
});
