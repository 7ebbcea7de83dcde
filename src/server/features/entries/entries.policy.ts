import type { EntryChoice } from "#domain/contracts/entries.ts";
import { hasRole, type Role } from "#domain/people/roles.ts";
import type { EntryStatus } from "#domain/roster/entry-status.ts";
import { STATUS_LABELS } from "#domain/roster/entry-status.ts";
import { lacksTie } from "#domain/roster/mirroring.ts";
import { consentTexts } from "#domain/texts/consent.ts";
import { entriesTexts } from "#domain/texts/entries.ts";

/**
 * Who may declare what in the class entry dialog (spec sections 4–6). The choosers on the client
 * offer exactly what these rules allow; the server checks every save against them.
 */

export interface EntryViewer {
  id: string;
  roles: readonly Role[];
}

/** What the service loaded about the horses and people a save names. */
export interface ChoiceFacts {
  /** Ids of the named horses that exist. */
  horses: ReadonlySet<string>;
  /** Ids of the named horses the viewer owns. */
  ownHorses: ReadonlySet<string>;
  /** The named people that exist, with their roles. */
  people: ReadonlyMap<string, readonly Role[]>;
  /** For a trainer: customer id → the customer's horses the trainer trains (only for named customers). */
  customerHorses: ReadonlyMap<string, ReadonlySet<string>>;
  /** The named riders with a tie to the viewer: accepted friends and barn mates (issue 24, item 3). */
  tied: ReadonlySet<string>;
  /** The named people's names, for a refusal that says whose roster it means. */
  names: ReadonlyMap<string, string>;
}

export interface Denial {
  status: 400 | 403;
  message: string;
}

const d = entriesTexts.denials;
const deny = (status: 400 | 403, message: string): Denial => ({ status, message });

/** My Horse is Showing is for non-trainers; Customer is Showing is for trainers (spec section 6). */
export function canDeclareStatus(viewer: EntryViewer, status: EntryStatus): Denial | null {
  const trainer = hasRole(viewer, "Trainer");
  if (status === "HorseIsShowing" && trainer) return deny(403, d.horseIsShowingTrainer);
  if (status === "CustomerIsShowing" && !trainer) return deny(403, d.customerIsShowingNotTrainer);
  return null;
}

/** Riders are chosen from the owners and trainers. */
export const isEligibleRider = (roles: readonly Role[]): boolean =>
  roles.includes("Owner") || roles.includes("Trainer");

/**
 * A trainer's customers are the owners of the horses the trainer trains, other than the trainer
 * (a trainer showing their own horse declares I'm Showing).
 */
export const isCustomerOf = (viewer: EntryViewer, customerId: string, facts: ChoiceFacts): boolean =>
  customerId !== viewer.id && (facts.customerHorses.get(customerId)?.size ?? 0) > 0;

function horseDenial(horseId: string | null, facts: ChoiceFacts): Denial | null {
  if (horseId !== null && !facts.horses.has(horseId)) return deny(400, d.unknownHorse);
  return null;
}

function riderDenial(riderId: string | null, facts: ChoiceFacts): Denial | null {
  if (riderId === null) return null;
  const roles = facts.people.get(riderId);
  if (!roles) return deny(400, d.unknownRider);
  if (!isEligibleRider(roles)) return deny(400, d.riderNotEligible);
  return null;
}

/**
 * A choice that would put a class on another person's roster needs a tie with them (`lacksTie`):
 * "Only Casey's friends and barn can add classes to Casey's roster."
 */
export function canPutOnRoster(viewer: EntryViewer, choice: EntryChoice, facts: ChoiceFacts): boolean {
  return !lacksTie(viewer.id, choice, facts.tied);
}

/** Why the viewer may not save this choice, or null when it is allowed. */
export function entryChoiceDenial(
  viewer: EntryViewer,
  choice: EntryChoice,
  facts: ChoiceFacts,
): Denial | null {
  const denial = chooserDenial(viewer, choice, facts);
  if (denial) return denial;
  if (canPutOnRoster(viewer, choice, facts)) return null;
  const name = choice.riderId === null ? undefined : facts.names.get(choice.riderId);
  return deny(403, name ? consentTexts.noTieFor(name) : consentTexts.noTie);
}

/** The spec's chooser rules (sections 4–6) for one choice. */
function chooserDenial(viewer: EntryViewer, choice: EntryChoice, facts: ChoiceFacts): Denial | null {
  const statusDenial = canDeclareStatus(viewer, choice.status);
  if (statusDenial) return statusDenial;
  const { horseId, riderId } = choice;
  const unknown = horseDenial(horseId, facts);
  if (unknown) return unknown;

  switch (choice.status) {
    case "ImShowing":
      if (horseId !== null && !facts.ownHorses.has(horseId)) return deny(403, d.notOwnHorse);
      if (riderId !== null && riderId !== viewer.id) return deny(400, d.imShowingRider);
      return null;
    case "HorseIsShowing":
      if (horseId !== null && !facts.ownHorses.has(horseId)) return deny(403, d.notOwnHorse);
      return riderDenial(riderId, facts);
    case "CustomerIsShowing":
      if (riderId === null) return horseId === null ? null : deny(400, d.customerFirst);
      if (!facts.people.has(riderId)) return deny(400, d.unknownRider);
      if (!isCustomerOf(viewer, riderId, facts)) return deny(403, d.notYourCustomer);
      if (horseId !== null && !facts.customerHorses.get(riderId)?.has(horseId))
        return deny(403, d.notCustomersHorse);
      return null;
    case "FriendIsShowing":
      if (riderId === viewer.id) return deny(400, d.friendIsSelf);
      return riderDenial(riderId, facts);
    case "Interested":
    case "WatchClass":
      if (horseId !== null || riderId !== null)
        return deny(400, d.noPeopleAllowed(STATUS_LABELS[choice.status]));
      return null;
  }
}

/**
 * One entry may be removed only by the person whose roster it is on: an entry someone else's entry
 * mirrored onto the viewer is the viewer's to remove in one action (ADR 008); nobody else's is.
 */
export const canRemoveEntry = (viewer: EntryViewer, entry: { userId: string }): boolean =>
  entry.userId === viewer.id;
