import { createECDH, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createEncryptor } from "#server/platform/push/encrypt.ts";

const subscription = () => ({
  endpoint: "https://push.example/abc",
  keys: {
    p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  },
});

describe("createEncryptor", () => {
  it("encrypts a batch in its worker thread, one aes128gcm body per job", async () => {
    const encryptor = createEncryptor();
    try {
      const jobs = Array.from({ length: 20 }, (_, i) => ({
        subscription: subscription(),
        message: `message ${i}`,
        options: {
          TTL: 60,
          contentEncoding: "aes128gcm" as const,
          headers: { Authorization: "vapid t=x, k=y" },
        },
      }));
      const results = await Promise.all(jobs.map((job) => encryptor.encrypt(job)));
      results.forEach((result, i) => {
        expect(result.headers).toMatchObject({
          "Content-Encoding": "aes128gcm",
          TTL: 60,
          Authorization: "vapid t=x, k=y",
        });
        // salt (16) + record size (4) + key id length (1) + sender key (65), the message, its delimiter, the tag (16)
        expect(result.body.length).toBe(86 + `message ${i}`.length + 1 + 16);
        expect(result.body[20]).toBe(65);
      });
      expect(new Set(results.map((r) => Buffer.from(r.body).toString("hex"))).size).toBe(20);
    } finally {
      await encryptor.close();
    }
  });

  it("rejects a job it cannot encrypt, with the reason, and goes on with the others", async () => {
    const encryptor = createEncryptor();
    try {
      const bad = encryptor.encrypt({
        subscription: { endpoint: "https://push.example/x", keys: { p256dh: "AAAA", auth: "AAAA" } },
        message: "x",
        options: {},
      });
      const good = encryptor.encrypt({ subscription: subscription(), message: "y", options: {} });
      await expect(bad).rejects.toThrow(/\w/);
      await expect(good).resolves.toHaveProperty("body");
    } finally {
      await encryptor.close();
    }
  });
});
