import { beforeAll } from "vitest";
import { entriesTexts } from "#domain/texts/entries.ts";
import {
  befriend,
  buildEntryShow,
  buildHorse,
  storedNotifications,
  type TestHorse,
  type TestShow,
} from "#tests/support/entries-factories.ts";
import { buildUser, type TestUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/**
 * The class entries API's test world (entries*.test.ts): an owner, a trainer with a customer, a friend,
 * an admin who owns nothing, a horse for each, and a show of 100 classes that tests take one at a time
 * (`freshClass`), so each test's entries are its own within the file's database.
 */
export function entriesWorld() {
  const t = buildTestApp();
  const owner = t.user({ name: "Casey Owner" });
  const trainer = t.user({ name: "Wade Trainer", roles: ["Owner", "Trainer"] });
  const customer = t.user({ name: "Cora Customer" });
  const friend = t.user({ name: "Fran Friend" });
  const adminOnly = {} as TestUser;
  const ownerHorse = {} as TestHorse;
  const customerHorse = {} as TestHorse;
  const friendHorse = {} as TestHorse;
  const trainerHorse = {} as TestHorse;
  const show = {} as TestShow;

  beforeAll(async () => {
    // Friend is Showing puts a class on the rider's roster, which needs a tie (issue 24, item 3).
    await befriend(t.app, owner.id, friend.id);
    Object.assign(adminOnly, await buildUser(t.app, { name: "Ada Admin", roles: ["Admin"] }));
    Object.assign(
      ownerHorse,
      await buildHorse(t.app, { name: "Midnight Test", owners: [owner.id], trainers: [trainer.id] }),
    );
    Object.assign(
      customerHorse,
      await buildHorse(t.app, { name: "Cora's Mare", owners: [customer.id], trainers: [trainer.id] }),
    );
    Object.assign(friendHorse, await buildHorse(t.app, { name: "Fran's Gelding", owners: [friend.id] }));
    Object.assign(
      trainerHorse,
      await buildHorse(t.app, { name: "Wade's Stallion", owners: [trainer.id], trainers: [trainer.id] }),
    );
    Object.assign(
      show,
      await buildEntryShow(t.app, {
        name: "Spring Test Show",
        classes: Array.from({ length: 100 }, (_, i) => `Test Class ${i + 1}`),
      }),
    );
  });

  let nextClass = 0;
  /** A class no other test has touched, so tests stay independent within the file's database. */
  const freshClass = () => {
    const cls = show.classes[nextClass++];
    if (!cls) throw new Error("out of test classes");
    return cls;
  };
  const url = (showId: string, classId: string) => `/api/shows/${showId}/classes/${classId}/entries`;
  const save = (user: SignedInUser, classId: string, entries: unknown[], showId = show.id) =>
    call(t.app, "PUT", url(showId, classId), { body: { entries }, cookie: user.cookie });
  const read = (user: SignedInUser, classId: string) =>
    call(t.app, "GET", url(show.id, classId), { cookie: user.cookie });
  const statuses = async (user: SignedInUser, classId: string) =>
    (await read(user, classId)).json().entries.map((e: { status: string }) => e.status);
  const entriesOf = (userId: string, classId: string) =>
    t.app.deps.db.db
      .selectFrom("class_entry")
      .selectAll()
      .where("user_id", "=", userId)
      .where("show_id", "=", show.id)
      .where("class_id", "=", classId)
      .execute();
  const notificationsOf = (userId: string) => storedNotifications(t.app, userId);

  return {
    t,
    d: entriesTexts.denials,
    owner,
    trainer,
    customer,
    friend,
    adminOnly,
    ownerHorse,
    customerHorse,
    friendHorse,
    trainerHorse,
    show,
    freshClass,
    url,
    save,
    read,
    statuses,
    entriesOf,
    notificationsOf,
  };
}
