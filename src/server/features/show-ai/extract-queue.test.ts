import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { heavyInputsTexts } from "#domain/texts/heavy-inputs.ts";
import { DEFAULT_HEAVY_LIMITS } from "#server/platform/heavy/heavy-pools.ts";
import { hugePagePdf } from "#tests/support/bombs.ts";
import { upload } from "#tests/support/horses-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Issue 19 item 5: three tall pictures at once reached 1.46 GB. Uploads are read one at a time through
 * one bounded queue; here it holds no waiting place at all, so a second upload while one is read is
 * refused at once with 503 and Retry-After, and taken again once the first is done.
 */
const t = buildTestApp({
  heavyLimits: { document: { ...DEFAULT_HEAVY_LIMITS.document, waiting: 0 } },
});
const admin = t.user({ roles: ["Owner", "Admin"] });

const post = (bytes: Buffer, headers: Record<string, string> = {}) =>
  upload(t.app, "/api/admin/class-lists/extract", { bytes, filename: "list" }, admin.cookie, {
    method: "POST",
    headers,
  });

async function photo(): Promise<Buffer> {
  const lines = ["Smith County Horse Show", "1 Lead Line", "2 Walking Horse Stake"];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="300"><rect width="100%" height="100%" fill="#fff"/>${lines
    .map((l, i) => `<text x="60" y="${70 + i * 64}" font-family="DejaVu Serif" font-size="34">${l}</text>`)
    .join("")}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe("the class-list reading queue", () => {
  it("refuses an upload while another is read (503, Retry-After), and takes it afterwards", async () => {
    const reading = post(await photo());
    // The first upload holds the queue's one place for seconds (a thread, Tesseract, a page to recognise):
    // the second comes once it has taken it.
    await expect.poll(() => t.app.deps.heavy.document.depth(), { timeout: 30_000 }).toBe(1);
    for (const headers of [{}, { accept: "application/x-ndjson" }] as Record<string, string>[]) {
      const refused = await post(hugePagePdf(), headers);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toBe("60");
      expect(refused.json()).toEqual({ error: { code: "UNAVAILABLE", message: heavyInputsTexts.busy } });
    }
    expect((await reading).statusCode).toBe(200);
    const after = await post(hugePagePdf());
    expect(after.statusCode).toBe(400);
  }, 120_000);
});
