import { describe, expect, it } from "vitest";
import type { PreviewLine } from "#domain/contracts/results.ts";
import { chosenHorse, initialChoices, KEEP_NAME, unchosen } from "#domain/results/preview-choices.ts";

const horse = (id: string) => ({ id, name: `Horse ${id}` });
const exact = (lineNo: number, id: string): PreviewLine => ({
  lineNo,
  placing: lineNo,
  horse: `Horse ${id}`,
  rider: "",
  owner: "",
  match: "exact",
  horseId: id,
  candidates: [horse(id)],
  suggested: null,
});
const close = (lineNo: number, ids: string[], suggested: string | null): PreviewLine => ({
  ...exact(lineNo, "x"),
  horse: "Midnite Masterpiece",
  match: "close",
  horseId: null,
  candidates: ids.map(horse),
  suggested,
});
const none = (lineNo: number): PreviewLine => ({
  ...exact(lineNo, "x"),
  match: "none",
  horseId: null,
  candidates: [],
});

describe("initialChoices", () => {
  it.each<[string, PreviewLine[], Record<number, string>]>([
    ["a close match starts on its nearest horse", [close(1, ["a"], "a")], { 1: "a" }],
    ["horses of one name start on nothing", [close(1, ["a", "b"], null)], {}],
    ["exact and unknown lines need no choice", [exact(1, "a"), none(2)], {}],
    [
      "a horse placed on another line exactly is not preselected",
      [exact(1, "a"), close(2, ["a"], "a")],
      { 2: KEEP_NAME },
    ],
    ["nor when another candidate is left to choose", [exact(1, "a"), close(2, ["a", "b"], "a")], {}],
    [
      "two close lines may start on the same horse (the server names the clash)",
      [close(1, ["a"], "a"), close(2, ["a"], "a")],
      { 1: "a", 2: "a" },
    ],
  ])("%s", (_, lines, choices) => expect(initialChoices(lines)).toEqual(choices));
});

describe("chosenHorse", () => {
  it.each<[string, PreviewLine, string | undefined, { horseId: string | null; confirmed: boolean }]>([
    ["exact: its horse, nothing to confirm", exact(1, "a"), undefined, { horseId: "a", confirmed: false }],
    [
      "close, preselected: confirmed by publishing",
      close(1, ["a"], "a"),
      "a",
      { horseId: "a", confirmed: true },
    ],
    ["close, name kept", close(1, ["a"], "a"), KEEP_NAME, { horseId: null, confirmed: false }],
    ["close, nothing chosen", close(1, ["a", "b"], null), undefined, { horseId: null, confirmed: false }],
    ["close, a horse it was not offered", close(1, ["a"], "a"), "z", { horseId: null, confirmed: false }],
    ["unknown", none(1), "a", { horseId: null, confirmed: false }],
  ])("%s", (_, line, chosen, result) => expect(chosenHorse(line, chosen)).toEqual(result));
});

describe("unchosen", () => {
  it("names the close lines without a choice", () => {
    const lines = [exact(1, "a"), close(2, ["b", "c"], null), close(3, ["d"], "d"), none(4)];
    expect(unchosen(lines, initialChoices(lines))).toEqual([2]);
    expect(unchosen(lines, { ...initialChoices(lines), 2: KEEP_NAME })).toEqual([]);
  });
});
