import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, openE2eDatabase } from "./fixtures.ts";

let counter = 0;
/** A name no other test uses, so parallel tests can find their own rows. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${process.pid.toString(36)}${(++counter).toString(36)}`;

/** Creates a horse through the real API as whoever `request` is signed in as. */
export async function createHorse(
  request: APIRequestContext,
  baseURL: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  const res = await request.post("/api/horses", {
    headers: { origin: baseURL },
    data: {
      name: uniqueName("Horse"),
      dateOfBirth: "2018-05-02",
      gender: "Mare",
      canters: false,
      divisions: ["amateur"],
      ...body,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

export const horseIdByName = (name: string): string => {
  const db = openE2eDatabase();
  try {
    return (db.prepare("select id from horse where name = ?").get(name) as { id: string }).id;
  } finally {
    db.close();
  }
};

export const pngBytes = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 140, g: 90, b: 50 } } })
    .png()
    .toBuffer();

/** Modal closes by Escape, by a backdrop click and by its Close button, each returning focus to the opener. */
export async function expectModalClosesEveryWay(
  page: Page,
  opener: () => ReturnType<Page["getByRole"]>,
  title: string,
) {
  const dialog = page.getByRole("dialog", { name: title });
  await opener().click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener()).toBeFocused();

  await opener().click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(8, 70);
  await expect(dialog).toBeHidden();
  await expect(opener()).toBeFocused();

  await opener().click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();
  await expect(opener()).toBeFocused();
}
