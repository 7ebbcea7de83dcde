import type { Db } from "../../src/server/db/client.ts";
import { horseNameColumns } from "../../src/server/features/horses/horses.repository.ts";
import type { Viewer } from "../../src/server/http/viewer.ts";

/** The admin the results benches act as (the services are called in process, without a session). */
export const benchAdmin: Viewer = {
  id: "bench-viewer",
  name: "Bench",
  email: "bench@example.test",
  roles: ["Admin"],
  gender: null,
  dateOfBirth: null,
  photoId: null,
};

/** Writes bench horses (id, name) 500 to a statement, as the app would store them. */
export async function insertBenchHorses(
  db: Db,
  horses: readonly { id: string; name: string }[],
): Promise<void> {
  const created = new Date().toISOString();
  for (let i = 0; i < horses.length; i += 500) {
    await db.db
      .insertInto("horse")
      .values(
        horses.slice(i, i + 500).map((h) => ({
          id: h.id,
          ...horseNameColumns(h.name),
          gender: "Mare",
          date_of_birth: "2018-01-01",
          canters: 0,
          picture_id: null,
          created_at: created,
        })),
      )
      .execute();
  }
}
