import { describe, expect, it } from "vitest";
import { readPeopleQuery } from "#domain/people/people-search.ts";

describe("what a people search asks for", () => {
  it.each([
    ["", { kind: "tooShort" }],
    ["  ", { kind: "tooShort" }],
    ["Sa", { kind: "tooShort" }],
    ["S a", { kind: "tooShort" }],
    ["Sam", { kind: "name", text: "Sam" }],
    ["  sam   stranger ", { kind: "name", text: "sam stranger" }],
    ["Zoë", { kind: "name", text: "Zoë" }],
    ["%%%", { kind: "tooShort" }],
    ["___", { kind: "tooShort" }],
    // an email searches only whole and exact: a part of one never lists anybody
    ["sam@", { kind: "tooShort" }],
    ["@example.test", { kind: "tooShort" }],
    ["sam@example", { kind: "tooShort" }],
    ["%@%.%", { kind: "email", email: "%@%.%" }],
    ["Sam@Example.TEST", { kind: "email", email: "sam@example.test" }],
  ])("%j → %j", (raw, expected) => {
    expect(readPeopleQuery(raw)).toEqual(expected);
  });
});
