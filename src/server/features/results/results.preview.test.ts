import { describe, expect, it } from "vitest";
import type { ResultPreview } from "#domain/contracts/results.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import { MAX_UPLOAD_BYTES } from "#server/platform/images.ts";
import { upload } from "#tests/support/horses-factories.ts";
import { resultsWorld } from "#tests/support/results-world.ts";
import { call } from "#tests/support/server.ts";
import type { SignedInUser } from "#tests/support/test-app.ts";

const { t, admin, steward, owner, stranger, show, other, midnight, gold, url, preview } = resultsWorld();

const p = resultsTexts.problems;

describe("preview", () => {
  it("reads pasted lines and matches exact, close and unknown horses", async () => {
    const res = await preview(
      steward,
      "c-32",
      "1 midnight sun — Jane Doe (rider) — Smith Farms\n2 Gold Rush - Bob Ray - Ray Stables\n3 Midnite Sun — Al — Al\n4 Nobody Known",
    );
    expect(res.statusCode).toBe(200);
    const body: ResultPreview = res.json();
    expect(body.problems).toEqual([]);
    expect(body.lines.map((l) => [l.placing, l.horse, l.match, l.horseId])).toEqual([
      [1, "midnight sun", "exact", midnight.id],
      [2, "Gold Rush", "exact", gold.id],
      [3, "Midnite Sun", "close", null],
      [4, "Nobody Known", "none", null],
    ]);
    expect(body.lines[0]).toMatchObject({ rider: "Jane Doe", owner: "Smith Farms" });
    expect(body.lines[2]?.candidates).toEqual([{ id: midnight.id, name: "Midnight Sun" }]);
    // A close match comes preselected for the person to confirm (issue 34); nothing else does.
    expect(body.lines.map((l) => l.suggested)).toEqual([null, null, midnight.id, null]);
  });

  it("flags a line without a horse instead of taking the rider for one (issue 34)", async () => {
    const res = await preview(steward, "c-32", "1 Midnight Sun — Ann Lee\n2 — Jane Roe (rider)");
    const body: ResultPreview = res.json();
    expect(body.lines[1]).toMatchObject({ horse: "", rider: "Jane Roe", match: "none", suggested: null });
    expect(body.problems).toEqual([p.noHorse(2, "Jane Roe")]);
  });

  it("reads a CSV and names the line of two 1sts and of an unmeant gap", async () => {
    const csv = await preview(steward, "c-32", "Place,Horse,Rider,Owner\n1,A,R,O\n1,B,R,O\n3,C,R,O\n", "csv");
    expect(csv.json().problems).toEqual([p.twice(3, 1, 2), p.gap(4, 3, 2)]);
    const empty = await preview(steward, "c-32", "");
    expect(empty.json().problems).toEqual([p.noPlacings]);
  });

  it("is for admins and the show's stewards only", async () => {
    expect((await preview(admin, "c-32", "1 A")).statusCode).toBe(200);
    const refused = await preview(owner, "c-32", "1 A");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(p.notAllowed);
    const anonymous = await call(t.app, "POST", `${url("c-32")}/preview`, {
      body: { format: "text", text: "1 A" },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("preview of a photo or PDF", () => {
  const fileUrl = (classId: string, showId = show.id) => `${url(classId, showId)}/preview-file`;
  const send = (
    user: SignedInUser | null,
    path: string,
    bytes: Buffer,
    headers: Record<string, string> = {},
  ) =>
    upload(t.app, path, { bytes, filename: "sheet.png", contentType: "image/png" }, user?.cookie, {
      method: "POST",
      headers,
    });
  const tiny = Buffer.from("not a picture");
  const huge = Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 1);

  it("refuses before reading the upload: anonymous, a non-steward, another show's class", async () => {
    expect((await send(null, fileUrl("c-32"), tiny)).statusCode).toBe(401);
    for (const user of [owner, stranger]) {
      const refused = await send(user, fileUrl("c-32"), huge);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(p.notAllowed);
    }
    const foreignClass = await send(steward, fileUrl("o-1"), huge);
    expect(foreignClass.statusCode).toBe(404);
    expect(foreignClass.json().error.message).toBe(p.classNotInShow);
    expect((await send(steward, fileUrl("o-1", other.id), huge)).statusCode).toBe(403);
    expect((await send(steward, fileUrl("c-32", "no-such-show"), tiny)).statusCode).toBe(404);
  });

  it("refuses a foreign Origin (encoded path too), a huge upload and bytes that are no picture", async () => {
    for (const path of [fileUrl("c-32"), fileUrl("c-32").replace("preview-file", "pr%65view-file")]) {
      expect((await send(steward, path, tiny, { origin: "https://evil.example" })).statusCode).toBe(403);
    }
    expect((await send(steward, fileUrl("c-32"), huge)).statusCode).toBe(413);
    expect((await send(steward, fileUrl("c-32"), tiny)).statusCode).toBe(400);
  });
});
