import { expect, test } from "./fixtures.ts";

// The production build carries Brotli and gzip copies of its assets; the server picks by Accept-Encoding.
test.describe("compressed delivery of the built app", () => {
  test("the page's scripts and styles arrive Brotli-compressed, or gzip where Brotli is not accepted", async ({
    page,
    request,
  }) => {
    const assets: string[] = [];
    page.on("response", (response) => {
      if (/\/assets\/.+\.(js|css)$/.test(response.url())) assets.push(response.url());
    });
    await page.goto("/");
    await expect.poll(() => assets.length).toBeGreaterThan(0);

    for (const url of assets) {
      const br = await request.get(url, { headers: { "accept-encoding": "br" } });
      expect(br.headers()["content-encoding"], url).toBe("br");
      expect(br.headers().vary).toMatch(/accept-encoding/i);
      const gzip = await request.get(url, { headers: { "accept-encoding": "gzip" } });
      expect(gzip.headers()["content-encoding"], url).toBe("gzip");
      expect((await gzip.body()).equals(await br.body()), url).toBe(true);
    }
  });
});
