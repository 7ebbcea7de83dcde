import { describe, expect, it } from "vitest";
import { afterSignInPath, carriesInvitation, inviteLink } from "#domain/people/invite-link.ts";

describe("invite links", () => {
  it("open sign-up and carry the trainer's id, encoded", () => {
    expect(inviteLink("https://ringside.example", "0190-ab")).toBe(
      "https://ringside.example/auth?mode=signup&invitedBy=0190-ab",
    );
    expect(inviteLink("http://localhost:3000", "a&b=c")).toBe(
      "http://localhost:3000/auth?mode=signup&invitedBy=a%26b%3Dc",
    );
  });

  it.each([
    ["mode=signup&invitedBy=0190-ab", "/roster?invitedBy=0190-ab"],
    ["mode=signup&invitedBy=a%26b", "/roster?invitedBy=a%26b"],
    ["mode=signup", "/roster"],
    ["", "/roster"],
  ])("after sign-in from ?%s the app opens %s", (search, expected) => {
    expect(afterSignInPath(new URLSearchParams(search))).toBe(expected);
  });

  it.each([
    ["http://localhost:3000/#/auth?mode=signup&invitedBy=0190-ab", true],
    ["http://localhost:3000/auth?mode=signup&invitedBy=0190-ab", true],
    ["http://localhost:3000/?invitedBy=x#/auth", true],
    ["http://localhost:3000/#/auth?mode=signup", false],
    ["http://localhost:3000/#/auth?mode=signup&invitedBy=", false],
    ["http://localhost:3000/#/roster", false],
    ["http://localhost:3000/", false],
  ])("%s carries an invitation: %s", (href, expected) => {
    expect(carriesInvitation(href)).toBe(expected);
  });
});
