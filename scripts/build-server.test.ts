import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorsTexts } from "#domain/texts/errors.ts";
import { heavyInputsTexts } from "#domain/texts/heavy-inputs.ts";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "#server/db/seed/demo-accounts.ts";
import { hugePagePdf } from "#tests/support/bombs.ts";
import { calendarIcs } from "#tests/support/calendar-fixtures.ts";
import { renderPrizeListPdf } from "#tests/support/class-list-images.ts";
import { freePort } from "#tests/support/ports.ts";
import { fixtureShows, layoutPrizeList } from "#tests/support/prize-list.ts";

// Inside the project, so the packages left external resolve from node_modules as in production.
const OUT_DIR = join("dist", `server-test-${process.pid}`);
let child: ChildProcess | undefined;
let base = "";

beforeAll(async () => {
  const built = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/build-server.ts", join(OUT_DIR, "main.js")],
    {
      encoding: "utf8",
    },
  );
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  const dataDir = mkdtempSync(join(tmpdir(), "ringside-compiled-"));
  // A port known before the server listens (the allowed Origin, PUBLIC_URL, names it): one nobody listens on
  // now, and another if someone took it in between (a random pick once met another test's listener).
  for (let attempt = 1; ; attempt++) {
    try {
      base = await startOn(await freePort(), dataDir);
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
}, 60_000);

/** Starts the compiled server on `port` and resolves with its address once it says it listens. */
function startOn(port: number, dataDir: string): Promise<string> {
  child = spawn(process.execPath, [join(OUT_DIR, "main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      CLIENT_DIR: join(dataDir, "none"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise<string>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]!);
    };
    child!.stdout!.on("data", onData);
    child!.stderr!.on("data", onData);
    child!.on("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(OUT_DIR, { recursive: true, force: true });
});

describe("the compiled server (npm run build, npm start)", () => {
  it("starts from plain JavaScript and serves health, the API document and a signed-in session", async () => {
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: "ok", database: "sqlite" });
    expect((await fetch(`${base}/api/docs/json`)).status).toBe(200);
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await fetch(`${base}/api/me`, { headers: { cookie } });
    expect((await me.json()).email).toBe(DEMO_ADMIN_EMAIL);
  });

  it("reads a calendar, a PDF and a photo in its heavy-input worker (heavy-worker.js beside main.js)", async () => {
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const send = async (path: string, bytes: Buffer, filename: string) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)]), filename);
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { origin: base, cookie },
        body: form,
      });
      return { status: res.status, body: await res.json() };
    };

    const calendar = await send("/api/admin/calendar/preview", Buffer.from(calendarIcs()), "season.ics");
    expect(calendar.status).toBe(200);
    expect(calendar.body.format).toBe("ics");

    const celina = layoutPrizeList(fixtureShows().find((s) => s.title.startsWith("46th Celina"))!);
    const pdf = await send(
      "/api/admin/class-lists/extract?year=2009",
      await renderPrizeListPdf(celina),
      "list.pdf",
    );
    expect(pdf.status).toBe(200);
    expect(pdf.body.classes).toHaveLength(celina.expected.length);

    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="260"><rect width="100%" height="100%" fill="#fff"/><text x="60" y="90" font-family="DejaVu Serif" font-size="34">1 Lead Line</text><text x="60" y="160" font-family="DejaVu Serif" font-size="34">2 Walking Horse Stake</text></svg>`;
    const photo = await send(
      "/api/admin/class-lists/extract",
      await sharp(Buffer.from(svg)).png().toBuffer(),
      "a.png",
    );
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    expect(photo.body.classes.map((c: { name: string }) => c.name)).toEqual([
      "Lead Line",
      "Walking Horse Stake",
    ]);

    const bomb = await send("/api/admin/class-lists/extract", hugePagePdf(), "bomb.pdf");
    expect(bomb.body.error.message).toBe(
      errorsTexts.imageProcessing(heavyInputsTexts.pageTooLarge(1, 100, 100)),
    );
  }, 120_000);

  it("shuts down cleanly on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    child!.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
