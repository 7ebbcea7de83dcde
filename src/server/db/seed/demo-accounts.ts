import type { Role } from "#domain/people/roles.ts";

export const DEMO_PASSWORD = "ringside-demo";
/** `app_meta` keys: the seed ran; the ids of the accounts it created (the only ones the outbox serves). */
export const DEMO_SEEDED_KEY = "demo_seeded";
export const DEMO_ACCOUNT_IDS_KEY = "demo_account_ids";
export const DEMO_ADMIN_EMAIL = "admin@ringside.demo";

export const DEMO_ACCOUNTS: {
  email: string;
  name: string;
  roles: Role[];
  gender: "Male" | "Female";
  dateOfBirth: string;
}[] = [
  {
    email: DEMO_ADMIN_EMAIL,
    name: "Avery Morgan",
    roles: ["Owner", "Admin"],
    gender: "Female",
    dateOfBirth: "1979-04-12",
  },
  {
    email: "trainer@ringside.demo",
    name: "Wade Harlan",
    roles: ["Owner", "Trainer"],
    gender: "Male",
    dateOfBirth: "1971-09-30",
  },
  {
    email: "owner@ringside.demo",
    name: "Casey Whitfield",
    roles: ["Owner"],
    gender: "Female",
    dateOfBirth: "1988-02-17",
  },
  {
    email: "rider@ringside.demo",
    name: "Riley Dunn",
    roles: ["Owner"],
    gender: "Male",
    dateOfBirth: "2009-06-05",
  },
];
