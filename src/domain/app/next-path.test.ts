import { describe, expect, it } from "vitest";
import { safeNextPath, signInPathFor } from "#domain/app/next-path.ts";
import { afterSignInPath } from "#domain/people/invite-link.ts";

describe("the path sign-in returns to", () => {
  it.each([
    ["/shows/s1/print", "/shows/s1/print"],
    ["/shows/s1/print?day=2", "/shows/s1/print?day=2"],
    ["/planner?highlight=s1#top", "/planner?highlight=s1"],
    ["/shows/a%20b", "/shows/a%20b"],
    ["/planner?name=Midnight%20Masterpiece", "/planner?name=Midnight%20Masterpiece"],
    ["/shows/../roster", "/roster"],
  ])("%s is followed as %s", (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    // missing or not a path
    [null],
    [""],
    ["roster"],
    ["shows/s1"],
    // another site, however spelled
    ["//evil.example"],
    ["//evil.example/shows/s1"],
    ["///evil.example"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\t/evil.example"],
    ["/ /evil.example"],
    ["https://evil.example"],
    ["http:evil.example"],
    ["HTTPS://ringside.invalid/roster"],
    // schemes
    ["javascript:alert(1)"],
    ["JaVaScRiPt:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    // encoded variants: every decoding must stay a path on this site
    ["%2F%2Fevil.example"],
    ["/%2Fevil.example"],
    ["/%2F%2Fevil.example"],
    ["/%5Cevil.example"],
    ["/%252F%252Fevil.example"],
    ["/%09/evil.example"],
    ["%6A%61%76%61script:alert(1)"],
    ["/%E0%A4%A"],
    // the auth screen itself would loop
    ["/auth"],
    ["/AUTH?next=/roster"],
    ["/auth/"],
    // over-long
    [`/planner?q=${"x".repeat(2100)}`],
  ])("%j is refused", (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it.each([
    ["/shows/s1/print", "/auth?next=%2Fshows%2Fs1%2Fprint"],
    ["/roster", "/auth"],
    ["/", "/auth"],
    ["//evil.example", "/auth"],
  ])("signing in from %s goes through %s", (path, expected) => {
    expect(signInPathFor(path, "/roster")).toBe(expected);
  });

  it.each([
    ["next=%2Fshows%2Fs1%2Fprint", "/shows/s1/print"],
    ["mode=signup&invitedBy=t1&next=%2Fshows%2Fs1", "/shows/s1"],
    ["mode=signup&invitedBy=t1&next=%2F%2Fevil.example", "/roster?invitedBy=t1"],
    ["next=https%3A%2F%2Fevil.example", "/roster"],
    ["next=javascript%3Aalert(1)", "/roster"],
    ["next=%2Fauth%3Fnext%3D%252Froster", "/roster"],
  ])("after sign-in from ?%s the app opens %s", (search, expected) => {
    expect(afterSignInPath(new URLSearchParams(search))).toBe(expected);
  });
});
