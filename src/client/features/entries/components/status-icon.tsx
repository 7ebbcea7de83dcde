import { Award, CircleHelp, Eye, type LucideProps, Tag, UserRoundCheck, Users } from "lucide-react";
import { HorseIcon } from "#client/ui/icons.tsx";
import type { MyEntry } from "#domain/contracts/entries.ts";
import { entriesTexts } from "#domain/texts/entries.ts";
import { entryStatusTexts } from "#domain/texts/entry-status.ts";

/** One icon per entry status; an unknown status gets a plain tag. */
export function StatusIcon({ status, ...props }: { status: string } & LucideProps) {
  const common = { "aria-hidden": true, className: "size-5", ...props } as const;
  switch (status) {
    case "ImShowing":
      return <Award {...common} />;
    case "HorseIsShowing":
      return <HorseIcon {...(common as object)} />;
    case "CustomerIsShowing":
      return <UserRoundCheck {...common} />;
    case "FriendIsShowing":
      return <Users {...common} />;
    case "Interested":
      return <CircleHelp {...common} />;
    case "WatchClass":
      return <Eye {...common} />;
    default:
      return <Tag {...common} />;
  }
}

/**
 * The spec's tooltip for an entry icon on the show detail; an entry someone else's entry mirrored
 * onto the viewer also says who entered it.
 */
export function entryTooltip(
  entry: Pick<MyEntry, "status" | "horseName" | "riderName" | "enteredBy">,
): string {
  const base = statusTooltip(entry);
  return entry.enteredBy ? entriesTexts.tooltips.enteredBy(base, entry.enteredBy.name) : base;
}

function statusTooltip(entry: Pick<MyEntry, "status" | "horseName" | "riderName">): string {
  const t = entriesTexts.tooltips;
  switch (entry.status) {
    case "ImShowing":
      return t.imShowing(entry.horseName);
    case "HorseIsShowing":
      return t.horseIsShowing(entry.horseName, entry.riderName);
    case "CustomerIsShowing":
      return t.customerIsShowing(entry.riderName, entry.horseName);
    case "FriendIsShowing":
      return t.friendIsShowing(entry.riderName, entry.horseName);
    case "Interested":
      return t.interested;
    case "WatchClass":
      return t.watching;
    default:
      return entryStatusTexts.unknownStatus;
  }
}
