import sharp from "sharp";
import { buildTestApp } from "#tests/support/test-app.ts";

/** A horse the Add New Horse form accepts. */
export const validHorse = {
  name: "Pride's Jubilee",
  dateOfBirth: "2019-05-02",
  gender: "Mare",
  canters: true,
  divisions: ["amateur", "park-pleasure"],
};

/** A plain PNG of the given size. */
export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 80, b: 40 } } })
    .png()
    .toBuffer();

/** The horses API's test world (horses*.test.ts): an owner, a trainer, a stranger and an admin. */
export function horsesWorld() {
  const t = buildTestApp();
  const owner = t.user({ name: "Olive Owner" });
  const trainer = t.user({ name: "Terry Trainer", roles: ["Owner", "Trainer"] });
  const stranger = t.user({ name: "Sam Stranger" });
  const admin = t.user({ name: "Ada Admin", roles: ["Owner", "Admin"] });
  const horseCount = async () =>
    Number(
      (
        await t.app.deps.db.db
          .selectFrom("horse")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { t, owner, trainer, stranger, admin, horseCount };
}
