import { type Kysely, sql } from "kysely";
import { DIVISIONS } from "#domain/shows/divisions.ts";
import type { DbKind } from "#server/db/client.ts";

/**
 * The whole data model of DESIGN.md, identical on SQLite and PostgreSQL apart from the
 * column types each engine spells differently (instants, booleans and bytes of better-auth's tables).
 */
export function initialMigration(kind: DbKind) {
  const instant = kind === "postgres" ? sql`timestamptz` : sql`text`;
  const bool = kind === "postgres" ? sql`boolean` : sql`integer`;
  const bytes = kind === "postgres" ? sql`bytea` : sql`blob`;

  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("user")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("email_verified", bool, (c) => c.notNull().defaultTo(sql`false`))
        .addColumn("image", "text")
        .addColumn("roles", "text", (c) => c.notNull().defaultTo("Owner"))
        .addColumn("gender", "text")
        .addColumn("date_of_birth", "text")
        .addColumn("photo_id", "text")
        .addColumn("created_at", instant, (c) => c.notNull())
        .addColumn("updated_at", instant, (c) => c.notNull())
        .execute();
      await sql`create unique index user_email_lower on "user" (lower(email))`.execute(db);
      await db.schema.createIndex("user_name").on("user").column("name").execute();

      await db.schema
        .createTable("session")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("expires_at", instant, (c) => c.notNull())
        .addColumn("ip_address", "text")
        .addColumn("user_agent", "text")
        .addColumn("created_at", instant, (c) => c.notNull())
        .addColumn("updated_at", instant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("session_user").on("session").column("user_id").execute();

      await db.schema
        .createTable("account")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("account_id", "text", (c) => c.notNull())
        .addColumn("provider_id", "text", (c) => c.notNull())
        .addColumn("access_token", "text")
        .addColumn("refresh_token", "text")
        .addColumn("id_token", "text")
        .addColumn("access_token_expires_at", instant)
        .addColumn("refresh_token_expires_at", instant)
        .addColumn("scope", "text")
        .addColumn("password", "text")
        .addColumn("created_at", instant, (c) => c.notNull())
        .addColumn("updated_at", instant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("account_user").on("account").column("user_id").execute();

      await db.schema
        .createTable("verification")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("identifier", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("expires_at", instant, (c) => c.notNull())
        .addColumn("created_at", instant, (c) => c.notNull())
        .addColumn("updated_at", instant, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("verification_identifier")
        .on("verification")
        .column("identifier")
        .execute();

      await db.schema
        .createTable("rate_limit")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("key", "text", (c) => c.notNull().unique())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("last_request", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("image")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("owner_id", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("bytes", bytes, (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("friendship")
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("friend_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("friendship_pk", ["user_id", "friend_id"])
        .addCheckConstraint("friendship_not_self", sql`user_id <> friend_id`)
        .execute();
      await db.schema.createIndex("friendship_friend").on("friendship").column("friend_id").execute();

      await db.schema
        .createTable("division")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        .execute();
      await db
        .insertInto("division")
        .values(DIVISIONS.map((d, i) => ({ id: d.id, name: d.name, position: i })))
        .execute();

      await db.schema
        .createTable("horse")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("gender", "text")
        .addColumn("date_of_birth", "text", (c) => c.notNull())
        .addColumn("canters", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("picture_id", "text", (c) => c.references("image.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      for (const table of ["horse_owner", "horse_trainer"]) {
        await db.schema
          .createTable(table)
          .addColumn("horse_id", "text", (c) => c.notNull().references("horse.id").onDelete("cascade"))
          .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
          .addPrimaryKeyConstraint(`${table}_pk`, ["horse_id", "user_id"])
          .execute();
        await db.schema.createIndex(`${table}_user`).on(table).column("user_id").execute();
      }
      await db.schema
        .createTable("horse_division")
        .addColumn("horse_id", "text", (c) => c.notNull().references("horse.id").onDelete("cascade"))
        .addColumn("division_id", "text", (c) => c.notNull().references("division.id"))
        .addPrimaryKeyConstraint("horse_division_pk", ["horse_id", "division_id"])
        .execute();

      await db.schema
        .createTable("show")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("start_date", "text", (c) => c.notNull())
        .addColumn("end_date", "text", (c) => c.notNull())
        .addColumn("location", "text", (c) => c.notNull())
        .addColumn("sanctioning_org", "text")
        .addColumn("is_ai_prediction", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("show_start").on("show").columns(["start_date", "id"]).execute();
      await db.schema.createIndex("show_end").on("show").column("end_date").execute();

      await db.schema
        .createTable("show_judge")
        .addColumn("show_id", "text", (c) => c.notNull().references("show.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("show_judge_pk", ["show_id", "position"])
        .execute();
      await db.schema.createIndex("show_judge_name").on("show_judge").column("name").execute();

      await db.schema
        .createTable("show_class")
        .addColumn("show_id", "text", (c) => c.notNull().references("show.id").onDelete("cascade"))
        .addColumn("id", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("number", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("date", "text")
        .addColumn("division_id", "text", (c) => c.references("division.id"))
        .addPrimaryKeyConstraint("show_class_pk", ["show_id", "id"])
        .execute();
      await db.schema
        .createIndex("show_class_order")
        .on("show_class")
        .columns(["show_id", "position"])
        .execute();
      await db.schema
        .createIndex("show_class_division")
        .on("show_class")
        .columns(["division_id", "show_id"])
        .execute();

      await db.schema
        .createTable("class_entry")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("show_id", "text", (c) => c.notNull())
        .addColumn("class_id", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("horse_id", "text", (c) => c.references("horse.id").onDelete("cascade"))
        .addColumn("rider_id", "text", (c) => c.references("user.id").onDelete("cascade"))
        .addColumn("placing", "text")
        .addColumn("created_by", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addForeignKeyConstraint(
          "class_entry_class_fk",
          ["show_id", "class_id"],
          "show_class",
          ["show_id", "id"],
          (fk) => fk.onDelete("cascade"),
        )
        .execute();
      await db.schema
        .createIndex("class_entry_user_class")
        .on("class_entry")
        .columns(["user_id", "show_id", "class_id"])
        .execute();
      await db.schema.createIndex("class_entry_rider").on("class_entry").column("rider_id").execute();
      await db.schema.createIndex("class_entry_horse").on("class_entry").column("horse_id").execute();
      await db.schema
        .createIndex("class_entry_show")
        .on("class_entry")
        .columns(["show_id", "class_id"])
        .execute();

      await db.schema
        .createTable("show_record")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("owner_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("show_name", "text", (c) => c.notNull())
        .addColumn("class_name", "text", (c) => c.notNull())
        .addColumn("show_date", "text", (c) => c.notNull())
        .addColumn("placing", "text", (c) => c.notNull())
        .addColumn("horse_id", "text", (c) => c.notNull().references("horse.id").onDelete("cascade"))
        .addColumn("rider_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("show_record_owner").on("show_record").column("owner_id").execute();
      await db.schema.createIndex("show_record_horse").on("show_record").column("horse_id").execute();

      await db.schema
        .createTable("notification")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("cascade"))
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("show_id", "text", (c) => c.references("show.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("notification_user_time")
        .on("notification")
        .columns(["user_id", "created_at"])
        .execute();

      await db.schema
        .createTable("notification_read")
        .addColumn("notification_id", "text", (c) =>
          c.notNull().references("notification.id").onDelete("cascade"),
        )
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("read_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("notification_read_pk", ["user_id", "notification_id"])
        .execute();

      await db.schema
        .createTable("outbox")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("html", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("outbox_to").on("outbox").columns(["to_address", "created_at"]).execute();

      await db.schema
        .createTable("app_meta")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    },
  };
}
