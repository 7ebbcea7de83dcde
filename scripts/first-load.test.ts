import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { firstLoadFiles, gzippedSize, type Manifest } from "./first-load.ts";

// The shape Vite writes: the entry, shared chunks ("_name.js"), lazy screens by source path.
const manifest: Manifest = {
  "main.tsx": { file: "assets/index.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react.js" },
  "_query.js": { file: "assets/query.js", imports: ["_react.js"] },
  "_dialog.js": { file: "assets/dialog.js", imports: ["_react.js"] },
  "features/roster/roster-screen.tsx": { file: "assets/roster.js", imports: ["_query.js"] },
  "features/profile/block-dialog.tsx": { file: "assets/block.js", imports: ["_dialog.js"] },
};

describe("firstLoadFiles", () => {
  it("counts the entry and the screen with their static imports, once each, not lazy chunks", () => {
    expect(firstLoadFiles(manifest, "features/roster/roster-screen.tsx")).toEqual([
      "assets/index.js",
      "assets/query.js",
      "assets/react.js",
      "assets/roster.js",
    ]);
  });

  it("refuses a screen the build does not have, so a renamed screen cannot pass unmeasured", () => {
    expect(() => firstLoadFiles(manifest, "features/gone.tsx")).toThrow(/no chunk/);
  });

  it("refuses a manifest without exactly one entry", () => {
    const two = { ...manifest, "other.tsx": { file: "assets/other.js", isEntry: true } };
    expect(() => firstLoadFiles(two, "features/roster/roster-screen.tsx")).toThrow(/one entry/);
  });
});

describe("gzippedSize", () => {
  it("sums the files gzipped at level 9", () => {
    const dir = mkdtempSync(join(tmpdir(), "first-load-"));
    const a = "const a = 1;".repeat(100);
    const b = "export {};";
    writeFileSync(join(dir, "a.js"), a);
    writeFileSync(join(dir, "b.js"), b);
    expect(gzippedSize(dir, ["a.js", "b.js"])).toBe(
      gzipSync(a, { level: 9 }).length + gzipSync(b, { level: 9 }).length,
    );
  });
});
