import { describe, expect, it } from "vitest";
import { type ClassRequirements, classRequirements } from "#domain/recommendations/class-requirements.ts";

type Expected = Partial<ClassRequirements>;

/** One row per vocabulary rule of class-name-patterns.md, on real class names from the fixtures. */
const ROWS: [string, Expected][] = [
  // Horse age words
  ["Owner-Amateur Weanlings", { horseAges: [{ min: 0, max: 0 }] }],
  ["Yearling World Grand Championship", { horseAges: [{ min: 1, max: 1 }] }],
  ["Walking Horse 2 Year Old Mare or Gelding", { horseAges: [{ min: 2, max: 2 }] }],
  ["Owner-Amateur Riders on Two-Year-Old Walking Stallions", { horseAges: [{ min: 2, max: 2 }] }],
  ["O/A Western Trail Pleasure, Three Years Old", { horseAges: [{ min: 3, max: 3 }] }],
  [
    "2 & 3 YR Old Trail Pleasure Eng. Spec.",
    {
      horseAges: [
        { min: 2, max: 2 },
        { min: 3, max: 3 },
      ],
    },
  ],
  [
    "Owner-Amateur Riders on Four & Five-Year-Old All Day Pleasure Walking Horses, Optional Tack (Registration Required)",
    {
      horseAges: [
        { min: 4, max: 4 },
        { min: 5, max: 5 },
      ],
    },
  ],
  [
    "Owner-Amateur Three & Under Trail Pleasure World Grand Championship",
    { horseAges: [{ min: 0, max: 3 }] },
  ],
  ["Park Performance 4 Yr. & Under", { horseAges: [{ min: 0, max: 4 }] }],
  ["All Day Pleasure - Junior 5 & Under", { horseAges: [{ min: 0, max: 5 }] }],
  [
    "Owner-Amateur Riders on Walking Mares or Geldings, Five Years & Over (Canter)",
    { horseAges: [{ min: 5, max: null }] },
  ],
  ["Aged Mares/Geldings Open Specialty", { horseAges: [{ min: 5, max: null }] }],
  [
    "Lite Shod Walking Horses, Five Years & Under, Optional Tack (includes Futurity nominated Three-Year-Old Lite Shod Mares, Geldings & Stallions)",
    { horseAges: [{ min: 0, max: 5 }], horseSexes: null },
  ],
  ["Show Class, Any Age, FS, Canter", { horseAges: null }],
  ["Walking Horse 15.2 & Under", { horseAges: null, heightLimit: "15.2 & under" }],
  // Horse sex words
  ["Model Pleasure Walking Stallions", { horseSexes: ["stallion"], model: true }],
  ["Amateur Mares, Specialty", { horseSexes: ["mare"] }],
  ["Amateur Geldings, Specialty", { horseSexes: ["gelding"] }],
  ["Owner-Amateur Two-Year-Old Mares & Geldings - Section A", { horseSexes: ["mare", "gelding"] }],
  ["Gaited Gelding/Stallion Halter", { horseSexes: ["stallion", "gelding"] }],
  ["Walking Horse 3 Year Old Stallion, Mare & Gelding", { horseSexes: null }],
  ["Juvenile 12 to 17 Specialty Walking Horse (no stallions)", { horseSexes: ["mare", "gelding"] }],
  // Rider age
  ["Owner-Amateur Youth Riders 6-11 Years on Walking Mares", { riderAge: { min: 6, max: 11 } }],
  ["Youth Council Juvenile on Walking Horse, Riders 12 to 17 Years", { riderAge: { min: 12, max: 17 } }],
  ["Country Pleasure, Riders 17 Years & Under", { riderAge: { min: 0, max: 17 } }],
  ["All Day Pleasure (11 yrs & under)", { riderAge: { min: 0, max: 11 } }],
  ["Youth Country Pleasure", { riderAge: { min: 0, max: 17 } }],
  ["Kids' Lead Line", { riderAge: { min: 0, max: 6 } }],
  ["Lead Line (Riders 10 and under, Horse or Pony)", { riderAge: { min: 0, max: 10 }, excluded: null }],
  ["Equitation, Adult, PH, Specialty", { riderAge: { min: 18, max: null }, equitation: true }],
  ["Amateur Riders on Walking Horses, Riders 50 & Over, Specialty", { riderAge: { min: 50, max: null } }],
  [
    "Men's Country Pleasure Walking Horse (18 & over)",
    { riderAge: { min: 18, max: null }, riderSex: "Male" },
  ],
  ["Country Pleasure - Amateur/Youth Championship", { riderAge: null, riderStatus: "amateur" }],
  // Rider status
  ["Amateur Show Pleasure Specialty", { riderStatus: "amateur" }],
  ["Open Amateur, Canter", { riderStatus: "amateur" }],
  ["Elite Amateur Park Pleasure", { riderStatus: "amateur" }],
  ["O/A English Country Pleasure Walking Horses", { riderStatus: "owner-amateur" }],
  ["Amateur Owned and Trained Lite-Shod", { riderStatus: "amateur-owned-trained" }],
  ["AOT Specialty", { riderStatus: "amateur-owned-trained" }],
  ["Riders' Cup Two Year Old Stallions", { riderStatus: "professional" }],
  ["Walking Mares and Geldings, 15.2 and Under (WHTA Rider Cup)", { riderStatus: "professional" }],
  ["Country Pleasure Open", { riderStatus: null }],
  ["Pro-Am Class, Specialty (Amt. First/Prof. Second)", { riderStatus: null }],
  // Rider sex
  ["Ladies Specialty Mares & Geldings", { riderSex: "Female" }],
  [
    "Owner-Amateur Novice Lady Riders on Novice Walking Mares or Geldings (Section A)",
    { riderSex: "Female" },
  ],
  ["Elite Owner-Amateur Gentleman Riders on Walking Stallions", { riderSex: "Male" }],
  ["All Day Pleasure Horse - Men's & Ladies Casual Tack & Attire", { riderSex: null }],
  // Canter
  ["Four-Year-Old Walking Mares (Canter) (Riders' Cup)", { canter: true }],
  ["Yth Equit 17&Under Champ Cntr, Pattern req.", { canter: true, riderAge: { min: 0, max: 17 } }],
  ["Amateur Specialty (Open to Any in U.S.A., No Canter)", { canter: false }],
  // Disciplines
  [
    "Owner-Amateur Riders on Park Performance Walking Mares or Geldings",
    { disciplines: ["park-performance"] },
  ],
  ["Model Park Pleasure, Open", { disciplines: ["park-pleasure"], model: true }],
  ["Plantation Pleasure", { disciplines: ["lite-shod"] }],
  ["Walking Horse Stake", { disciplines: ["performance"] }],
  ["Owner-Amateur Ladies Fine Harness", { disciplines: ["fine-harness"] }],
  [
    "Juvenile 11 and Under, FS, Specialty",
    {
      disciplines: [
        "all-day-pleasure",
        "country-pleasure",
        "lite-shod",
        "park-pleasure",
        "show-pleasure",
        "trail-pleasure",
      ],
    },
  ],
  ["Equitation with Pattern Work, Any Age", { disciplines: [], equitation: true }],
  // Never for a walking horse entered here
  ["Speed Racking", { excluded: "out-of-scope" }],
  ["Open Barrel Racing", { excluded: "out-of-scope" }],
  ["Amateur Walking Ponies", { excluded: "pony" }],
  ["Academy 6-11 Years Specialty", { excluded: "academy" }],
  ["Pleasure Horse (Clay County Only - No Canter)", { excluded: "local" }],
  [
    "Boyd, Carter, Elliott, Greenup, Lawrence, Lewis, Rowan Counties Open Pleasure Horse",
    { excluded: "local" },
  ],
];

describe("classRequirements reads the class-name vocabulary", () => {
  it.each(ROWS)("%s", (name, expected) => {
    expect(classRequirements(name)).toMatchObject(expected);
  });

  it("leaves a name with no restricting words open to all", () => {
    expect(classRequirements("Tennessee Walking Horse Pleasure 2 gait: walk, running walk")).toMatchObject({
      excluded: null,
      horseAges: null,
      horseSexes: null,
      riderAge: null,
      riderStatus: null,
      riderSex: null,
      canter: false,
      disciplines: [],
    });
  });

  it("is case-insensitive", () => {
    expect(classRequirements("OWNER-AMATEUR LADIES FINE HARNESS")).toEqual(
      classRequirements("Owner-Amateur Ladies Fine Harness"),
    );
  });
});
