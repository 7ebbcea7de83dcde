import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "#tests/support/factories.ts";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";

/** A real SMTP server on 127.0.0.1 stands in for the relay; the app speaks SMTP to it. */
let smtp: SMTPServer;
const received: { to: string[]; data: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, done) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("mail over SMTP", () => {
  it("sends the magic link as a real email when SMTP_URL is configured", async () => {
    const user = await buildUser(t.app, { email: "smtp@example.test" });
    const res = await call(t.app, "POST", "/api/auth/sign-in/magic-link", { body: { email: user.email } });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["smtp@example.test"]);
    expect(received[0]!.data).toContain("Subject: Your Ringside sign-in link");
    expect(received[0]!.data.replace(/=\r?\n/g, "")).toMatch(/\/api\/auth\/magic-link\/verify\?token=3D/);
    const outbox = await t.app.deps.db.db.selectFrom("outbox").select("id").execute();
    expect(outbox).toHaveLength(0);
  });
});
