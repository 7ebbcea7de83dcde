/**
 * Generates a whole season of walking-horse shows for benchmarks: by default 1,500 shows and 250,000
 * classes built from the real class names and show calendar in tests/fixtures/walking-horse, about half
 * of them upcoming, with a few 600-class Celebration-size shows. Classes go in through the app's own
 * `insertClasses`, so every class gets its division from the rule and the facet summary is kept.
 * Then the people (scripts/season-people.ts): 20,000 users, their horses, friendships, about
 * 500,000 class entries and their notifications.
 *
 *   node --import tsx scripts/generate-season.ts --data-dir /tmp/season            (SQLite file)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/season node --import tsx scripts/generate-season.ts
 *
 * Options: --shows N (1500), --classes N (250000), --users N (20000), --entries N (500000), --seed N (1),
 * --data-dir DIR (./data-season). The database must be empty. Every generated user's password is
 * "bench-password"; benchmarks sign in as bench@ringside.test (a busy trainer: horses, customers, friends
 * and entries) and owner@ringside.test (a typical owner). Deterministic for a given seed and day. Records what it generated in app_meta
 * (`bench-season`), so a benchmark can tell a finished dataset from a partial one.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { hashPassword } from "better-auth/crypto";
import { addDays, format } from "date-fns";
import { sql } from "kysely";
import { openDatabase } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { insertClasses, type NewClass } from "#server/db/show-classes.ts";
import { newId } from "#server/platform/ids.ts";
import { seededRandom } from "#tests/support/seeded-random.ts";
import { fixtureColumn } from "#tests/support/walking-horse.ts";
import { BENCH_OWNER, BENCH_SEASON_KEY, BENCH_USER } from "../bench/server.ts";
import { type GeneratedShow, generatePeople } from "./season-people.ts";

const { values: args } = parseArgs({
  options: {
    shows: { type: "string", default: "1500" },
    classes: { type: "string", default: "250000" },
    users: { type: "string", default: "20000" },
    entries: { type: "string", default: "500000" },
    seed: { type: "string", default: "1" },
    "data-dir": { type: "string", default: "./data-season" },
  },
});
const SHOWS = Number(args.shows);
const CLASSES = Number(args.classes);
const BIG_SHOW_CLASSES = 600;

const random = seededRandom(Number(args.seed));
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const CLASS_NAMES = [
  ...new Set([
    ...fixtureColumn("classes-celebration.csv", "name"),
    ...fixtureColumn("classes-celebration-other-years.csv", "name"),
    ...fixtureColumn("classes-other-shows.csv", "name"),
  ]),
];
const CALENDAR_NAMES = fixtureColumn("shows-calendar.csv", "name").map((n) => n.replace(/\s*\(.*\)$/, ""));
const CLASS_SUFFIXES = [
  "",
  "",
  "",
  " - Section A",
  " - Section B",
  " Championship",
  " Qualifier",
  " (Canter)",
];

const PLACES: readonly [string, string][] = [
  ["Shelbyville", "TN"],
  ["Lewisburg", "TN"],
  ["Murfreesboro", "TN"],
  ["Columbia", "TN"],
  ["Celina", "TN"],
  ["Gainesboro", "TN"],
  ["Cookeville", "TN"],
  ["Lynchburg", "TN"],
  ["Belfast", "TN"],
  ["Tullahoma", "TN"],
  ["Pulaski", "TN"],
  ["Fayetteville", "TN"],
  ["Jackson", "TN"],
  ["Franklin", "KY"],
  ["Lexington", "KY"],
  ["Bowling Green", "KY"],
  ["Morehead", "KY"],
  ["Harrodsburg", "KY"],
  ["Decatur", "AL"],
  ["Cullman", "AL"],
  ["Huntsville", "AL"],
  ["Perry", "GA"],
  ["Tunica", "MS"],
  ["Tupelo", "MS"],
  ["Springfield", "MO"],
  ["Sedalia", "MO"],
  ["Asheville", "NC"],
  ["Raleigh", "NC"],
  ["Lexington", "VA"],
  ["Ocala", "FL"],
];
const SHOW_PATTERNS = [
  (city: string) => `${city} Lions Club Horse Show`,
  (city: string) => `${city} Spring Jubilee`,
  (city: string) => `${city} Fall Classic`,
  (city: string) => `${city} Charity Horse Show`,
  (city: string) => `${city} Walking Horse Show`,
  (city: string) => `${city} Rotary Club Horse Show`,
  (city: string) => `${city} Fun Show`,
  (city: string) => `${city} Futurity`,
];
const FIRST = [
  "Larry",
  "Sandra",
  "Jimmy",
  "Tommy",
  "Debbie",
  "Rita",
  "Bill",
  "Steve",
  "Mark",
  "Ronal",
  "Wanda",
  "Casey",
  "Joyce",
  "Frank",
  "Gail",
  "Hank",
  "Ivy",
  "Jack",
  "Kay",
  "Lonnie",
  "Martha",
  "Ned",
  "Opal",
  "Pat",
];
const LAST = [
  "Wheelon",
  "Medley",
  "McConnell",
  "Hall",
  "Vance",
  "Crowell",
  "Cantrell",
  "Dunn",
  "Farrar",
  "Young",
  "Boyd",
  "Carter",
  "Elliott",
  "Greenup",
  "Lawrence",
  "Lewis",
  "Rowan",
  "Sullivan",
];
const JUDGES = [...new Set(Array.from({ length: 240 }, () => `${pick(FIRST)} ${pick(LAST)}`))];
const ORGS = ["WHOA", "WHOA", "TWHBEA", "TWHBEA", "SHOW", "NHSC", "WHTA", null];

/** Classes per show: a few Celebration-size shows of exactly 600, the rest spread to reach the total. */
function classCounts(): number[] {
  const big = Math.min(5, SHOWS);
  const rest = SHOWS - big;
  if (CLASSES < big * BIG_SHOW_CLASSES + rest) {
    throw new Error(
      `--classes must be at least ${big * BIG_SHOW_CLASSES + rest}: ${big} shows of ${BIG_SHOW_CLASSES} classes and one class for each other show.`,
    );
  }
  const remaining = CLASSES - big * BIG_SHOW_CLASSES;
  const weights = Array.from({ length: rest }, () => 0.2 + random());
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.round((w / sum) * remaining)));
  let drift = remaining - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; drift !== 0 && rest > 0; i = (i + 1) % rest) {
    const step = drift > 0 ? 1 : -1;
    if (counts[i]! + step >= 1) {
      counts[i]! += step;
      drift -= step;
    }
  }
  return [...Array.from({ length: big }, () => BIG_SHOW_CLASSES), ...counts];
}

async function main() {
  const url = process.env.DATABASE_URL;
  const file = resolve(args["data-dir"], "ringside.sqlite");
  const db = openDatabase(url ? { kind: "postgres", url } : { kind: "sqlite", file });
  await migrateToLatest(db);
  const existing = await db.db.selectFrom("show").select("id").limit(1).execute();
  if (existing.length > 0) throw new Error("The database already has shows; generate into an empty one.");

  const today = new Date();
  const ymd = (d: Date) => format(d, "yyyy-MM-dd");
  const counts = classCounts();
  const started = Date.now();
  const BATCH = 25;
  let classTotal = 0;
  const generated: GeneratedShow[] = [];

  for (let first = 0; first < SHOWS; first += BATCH) {
    await db.db.transaction().execute(async (trx) => {
      for (let s = first; s < Math.min(SHOWS, first + BATCH); s++) {
        const id = newId();
        const big = counts[s]! >= BIG_SHOW_CLASSES;
        const [city, state] = big ? (["Shelbyville", "TN"] as const) : pick(PLACES);
        const name = big
          ? `Tennessee Walking Horse National Celebration ${today.getFullYear() + s}`
          : random() < 0.25
            ? `${pick(CALENDAR_NAMES)} ${between(2, 60)}`
            : pick(SHOW_PATTERNS)(city);
        const days = big ? 11 : pick([1, 1, 1, 2, 2, 3, 4]);
        const start = addDays(today, big ? 30 + s * 90 : between(-365, 365));
        await trx
          .insertInto("show")
          .values({
            id,
            name,
            start_date: ymd(start),
            end_date: ymd(addDays(start, days - 1)),
            location: `${city}, ${state}`,
            sanctioning_org: big ? "SHOW" : pick(ORGS),
            is_ai_prediction: random() < 0.03 ? 1 : 0,
            created_at: new Date().toISOString(),
          })
          .execute();
        const judges = [...new Set(Array.from({ length: between(1, 3) }, () => pick(JUDGES)))];
        await trx
          .insertInto("show_judge")
          .values(judges.map((judge, position) => ({ show_id: id, position, name: judge })))
          .execute();
        const dated = !big && random() < 0.3;
        const classes: NewClass[] = Array.from({ length: counts[s]! }, (_, i) => ({
          id: `${big ? "cel" : "class"}-${i + 1}`,
          name: `${pick(CLASS_NAMES)}${pick(CLASS_SUFFIXES)}`,
          date: dated ? ymd(addDays(start, Math.floor((i * days) / counts[s]!))) : null,
        }));
        await insertClasses(trx, id, classes);
        classTotal += classes.length;
        generated.push({
          id,
          name,
          startDate: ymd(start),
          classPrefix: big ? "cel" : "class",
          classCount: classes.length,
        });
      }
    });
    if ((first / BATCH) % 10 === 0) {
      process.stdout.write(`  ${Math.min(SHOWS, first + BATCH)} shows, ${classTotal} classes\n`);
    }
  }

  const people = await generatePeople(db.db, db.kind, generated, {
    users: Number(args.users),
    entries: Number(args.entries),
    random,
    firstNames: FIRST,
    lastNames: LAST,
    passwordHash: await hashPassword(BENCH_USER.password),
    benchUser: { id: newId(), email: BENCH_USER.email, name: BENCH_USER.name },
    ownerUser: { id: newId(), email: BENCH_OWNER.email, name: BENCH_OWNER.name },
    today,
  });
  await db.db
    .insertInto("app_meta")
    .values({
      key: BENCH_SEASON_KEY,
      value: JSON.stringify({ shows: SHOWS, classes: classTotal, ...people }),
    })
    .execute();
  // Fresh planner statistics, so both engines pick the show and class indexes on the new data.
  await sql`analyze`.execute(db.db);
  await db.close();
  console.log(
    `Generated ${SHOWS} shows, ${classTotal} classes, ${people.users} users, ${people.horses} horses, ${people.friendships} friendships, ${people.entries} entries and ${people.notifications} notifications in ${((Date.now() - started) / 1000).toFixed(1)} s into ${url ?? file}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
