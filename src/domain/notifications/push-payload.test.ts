import { describe, expect, it } from "vitest";
import { notificationLink } from "#domain/app/app-links.ts";
import { PUSH_KIND_RULES, PUSH_KINDS, pushChoices, pushKindOf } from "#domain/notifications/push-kinds.ts";
import {
  defaultSubject,
  MAX_PUSH_MESSAGE_BYTES,
  type PushMessage,
  pushMessage,
} from "#domain/notifications/push-payload.ts";
import { pushTexts } from "#domain/texts/push.ts";

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe("notification kinds", () => {
  it.each([
    ["ClassAway", "class-alert"],
    ["ClassInRing", "class-alert"],
    ["Result", "result"],
    ["ShowUpdate", "show-update"],
    ["NewQualifyingClass", "show-update"],
    ["BarnActivity", "barn"],
    ["NewShow", "new-show"],
    ["FriendRequest", "friend-request"],
    ["SomethingElse", null],
    ["toString", null],
  ] as const)("type %s is of kind %s", (type, kind) => {
    expect(pushKindOf(type)).toBe(kind);
  });

  it("pushes class alerts, results and show updates by default; new shows stay in the app", () => {
    expect(pushChoices({})).toEqual({
      "class-alert": true,
      result: true,
      "show-update": true,
      barn: false,
      "new-show": false,
      "friend-request": false,
    });
    expect(pushChoices({ "class-alert": false, "new-show": true })).toMatchObject({
      "class-alert": false,
      "new-show": true,
      result: true,
    });
  });

  it("sends class alerts with high urgency, the rest not", () => {
    expect(PUSH_KINDS.filter((k) => PUSH_KIND_RULES[k].urgency === "high")).toEqual(["class-alert"]);
  });
});

describe("notificationLink", () => {
  it.each([
    [{ kind: "class-alert", showId: "s1", classId: "cel-12E" }, "/shows/s1?class=cel-12E"],
    [{ kind: "class-alert", showId: "a/b", classId: "x y" }, "/shows/a%2Fb?class=x%20y"],
    [{ kind: "class-alert", showId: "s1" }, "/shows/s1"],
    [{ kind: "class-alert", showId: null, classId: "c" }, "/notifications"],
    [{ kind: "result", showId: "s1", classId: "c" }, "/notifications"],
    [{ kind: "show-update", showId: "s1" }, "/notifications"],
    [{ kind: null, showId: null }, "/notifications"],
  ] as const)("%o opens %s", (target, url) => {
    expect(notificationLink(target)).toBe(url);
  });
});

describe("pushMessage", () => {
  const source = {
    kind: "class-alert" as const,
    message: "Class 34 is 3 classes away (≈ 8:05 PM): Midnight Sun, ridden by Jane Doe",
    showId: "show-1",
    classId: "cel-34",
    subject: defaultSubject("class-alert", "show-1", "cel-34"),
  };

  it("holds the title, the text, the link and the subject's tag, nothing else", () => {
    const message: PushMessage = JSON.parse(pushMessage(source));
    expect(message).toEqual({
      title: pushTexts.titles["class-alert"],
      body: source.message,
      url: "/shows/show-1?class=cel-34",
      tag: "class-alert:show-1:cel-34",
    });
  });

  it.each([
    ["plain", "x".repeat(10_000)],
    ["multi-byte", "Pferd 🐎 ".repeat(2_000)],
    ["escaped", '"\\\n'.repeat(3_000)],
  ])("cuts a %s text to fit a push, whole characters only, with an ellipsis", (_, long) => {
    const text = pushMessage({ ...source, message: long });
    expect(bytes(text)).toBeLessThanOrEqual(MAX_PUSH_MESSAGE_BYTES);
    expect(bytes(text)).toBeGreaterThan(MAX_PUSH_MESSAGE_BYTES - 8);
    const body: string = JSON.parse(text).body;
    expect(body.endsWith("…")).toBe(true);
    expect(long.startsWith(body.slice(0, -1))).toBe(true);
  });
});
