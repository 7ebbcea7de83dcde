import { describe, expect, it } from "vitest";
import { readPush } from "#client/sw-push.ts";
import { pushTexts } from "#domain/texts/push.ts";

const data = (value: unknown) => ({
  json: () => {
    if (value instanceof Error) throw value;
    return value;
  },
});

describe("readPush: what the service worker shows for a push", () => {
  it("shows a message as it came", () => {
    const message = {
      title: "Result",
      body: "Midnight Sun placed 2nd",
      url: "/notifications",
      tag: "result:s:c",
    };
    expect(readPush(data(message))).toEqual(message);
  });

  it.each([
    ["no data", null, { title: pushTexts.defaultTitle, body: "", url: "/notifications", tag: "" }],
    ["not JSON", data(new SyntaxError("bad")), { title: pushTexts.defaultTitle, url: "/notifications" }],
    ["another site's address", data({ title: "x", url: "https://evil.example/" }), { url: "/notifications" }],
    ["a protocol-relative address", data({ title: "x", url: "//evil.example/x" }), { url: "/notifications" }],
    ["a javascript: address", data({ title: "x", url: "javascript:alert(1)" }), { url: "/notifications" }],
    [
      "fields of the wrong type",
      data({ title: 5, body: {}, tag: [] }),
      { title: pushTexts.defaultTitle, body: "", tag: "" },
    ],
  ])("with %s, still shows something safe", (_, input, expected) => {
    expect(readPush(input)).toMatchObject(expected);
  });
});
