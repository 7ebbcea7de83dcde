import type { APIRequestContext, Locator, Page } from "@playwright/test";
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

/**
 * Clicks the backdrop at a point that is really outside the dialog, computed from its bounding box: a
 * phone's bottom sheet may be 92dvh tall, so no fixed point is safe. The point sits at the viewport's edge
 * on the side with room (above the dialog first), as far as possible from a sheet that grows as it loads.
 */
export async function clickOutside(page: Page, dialog: Locator) {
  const box = await dialog.boundingBox();
  const view = page.viewportSize();
  if (!box || !view) throw new Error("clickOutside needs a visible dialog and a viewport.");
  const edge = 4;
  const room = 2 * edge;
  const candidates = [
    { ok: box.y >= room, x: view.width / 2, y: edge },
    { ok: box.x >= room, x: edge, y: view.height / 2 },
    { ok: view.width - (box.x + box.width) >= room, x: view.width - edge, y: view.height / 2 },
    { ok: view.height - (box.y + box.height) >= room, x: view.width / 2, y: view.height - edge },
  ];
  const point = candidates.find((c) => c.ok);
  if (!point)
    throw new Error(`No backdrop outside the dialog: ${JSON.stringify(box)} in ${JSON.stringify(view)}`);
  await page.mouse.click(point.x, point.y);
}

/** Modal closes by Escape, by a backdrop click and by its Close button, each returning focus to the opener. */
export async function expectModalClosesEveryWay(
  page: Page,
  opener: () => ReturnType<Page["getByRole"]>,
  title: string,
) {
  // Confirmations are alert dialogs; they close the same ways.
  const dialog = page.getByRole("dialog", { name: title }).or(page.getByRole("alertdialog", { name: title }));
  await opener().click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener()).toBeFocused();

  await opener().click();
  await expect(dialog).toBeVisible();
  await clickOutside(page, dialog);
  await expect(dialog).toBeHidden();
  await expect(opener()).toBeFocused();

  await opener().click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();
  await expect(opener()).toBeFocused();
}
