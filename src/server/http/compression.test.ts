import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "#tests/support/factories.ts";
import { createTestApp, type TestApp } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { listen } from "#tests/support/sse.ts";

/** A real HTTP request; the body comes back exactly as sent on the wire (not decompressed). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const decode = (res: { headers: IncomingHttpHeaders; raw: Buffer }): string => {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.raw).toString("utf8");
  if (encoding === "gzip") return gunzipSync(res.raw).toString("utf8");
  return res.raw.toString("utf8");
};

const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(",")}];\n`;
const shell = `<!doctype html><html><head><title>Ringside</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;

let t: TestApp;
let base: string;
beforeAll(async () => {
  // What `vite build` leaves behind: every text asset beside its Brotli and gzip copies.
  const clientDir = mkdtempSync(join(tmpdir(), "ringside-client-"));
  mkdirSync(join(clientDir, "assets"));
  const files: [string, string][] = [
    ["index.html", shell],
    [join("assets", "index-abc123.js"), script],
  ];
  for (const [name, text] of files) {
    writeFileSync(join(clientDir, name), text);
    writeFileSync(join(clientDir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(clientDir, `${name}.gz`), gzipSync(text));
  }
  t = await createTestApp({ clientDir });
  base = await listen(t.app);
});
afterAll(() => t.close());

describe("static assets, compressed once at build time", () => {
  it("sends the Brotli copy to a browser that accepts it, with Vary", async () => {
    const res = await get(`${base}/assets/index-abc123.js`, { "accept-encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(decode(res)).toBe(script);
    expect(res.raw.length).toBeLessThan(script.length / 2);
  });

  it("sends the gzip copy when Brotli is not accepted, and the plain file when nothing is", async () => {
    const gz = await get(`${base}/assets/index-abc123.js`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(decode(gz)).toBe(script);
    const plain = await get(`${base}/assets/index-abc123.js`, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.raw.toString("utf8")).toBe(script);
  });

  it("compresses the app shell too, at / and for deep links", async () => {
    const root = await get(`${base}/`, { "accept-encoding": "br" });
    expect(root.headers["content-encoding"]).toBe("br");
    expect(decode(root)).toBe(shell);
    const deep = await get(`${base}/some/deep/link`, { accept: "text/html", "accept-encoding": "br" });
    expect(deep.status).toBe(200);
    expect(deep.headers["content-encoding"]).toBe("br");
    expect(decode(deep)).toBe(shell);
  });
});

describe("API JSON, compressed on the fly", () => {
  it("compresses a large response for a client that accepts it, and leaves small ones alone", async () => {
    const user = await signedInUser(t.app);
    const show = await buildShow(t.app, {
      classes: Array.from({ length: 300 }, (_, i) => `Amateur Country Pleasure Class ${i + 1}`),
    });
    const plain = await get(`${base}/api/shows/${show.id}`, { cookie: user.cookie });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const json = plain.raw.toString("utf8");
    expect(JSON.parse(json).classes).toHaveLength(300);

    for (const encoding of ["br", "gzip"]) {
      const res = await get(`${base}/api/shows/${show.id}`, {
        cookie: user.cookie,
        "accept-encoding": encoding,
      });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res)).toBe(json);
      expect(res.raw.length).toBeLessThan(json.length / 4);
    }

    const small = await get(`${base}/api/health`, { "accept-encoding": "br, gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.raw.toString("utf8")).status).toBe("ok");
  });
});
