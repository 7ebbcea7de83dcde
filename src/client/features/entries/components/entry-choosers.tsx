import { type ChangeEvent, type ReactNode, useId, useState } from "react";
import { RiderSearch } from "#client/features/entries/components/rider-search.tsx";
import { withCurrent } from "#client/features/entries/entry-form.ts";
import type { EntryChoices, Named } from "#domain/contracts/entries.ts";
import type { EntryStatus } from "#domain/roster/entry-status.ts";
import { entriesTexts } from "#domain/texts/entries.ts";
import { entryStatusTexts } from "#domain/texts/entry-status.ts";
import { texts } from "#domain/texts/shell.ts";

const t = { ...entryStatusTexts, ...entriesTexts };

/** The horse and rider choosers an entry tile opens, as its status asks for them. */
export function Choosers({
  status,
  tile,
  viewerId,
  choices,
  known,
  loading,
  onHorse,
  onRider,
}: {
  status: EntryStatus;
  tile: { horseId: string | null; riderId: string | null };
  viewerId: string;
  choices: EntryChoices | undefined;
  known: ReadonlyMap<string, string>;
  loading: boolean;
  onHorse: (id: string | null) => void;
  onRider: (id: string | null) => void;
}) {
  // People found by the rider search (not in the friends-and-barn list): named so the chooser can show them.
  const [found, setFound] = useState<ReadonlyMap<string, string>>(new Map());
  if (status === "Interested" || status === "WatchClass") return null;
  if (loading || !choices) {
    return <p className="px-3 pb-3 text-xs text-stone-500">{texts.common.loading}</p>;
  }
  const riders = choices.riders;
  const horseOptions = (options: Named[]) => withCurrent(options, tile.horseId, known);
  const riderOptions = (options: Named[]) =>
    withCurrent(options, tile.riderId, new Map([...known, ...found]));
  const riderSearch = (
    <RiderSearch
      tileLabel={t.statusLabels[status]}
      onPick={(person) => {
        setFound(new Map([...found, [person.id, person.name]]));
        onRider(person.id);
      }}
    />
  );
  let fields: ReactNode;
  switch (status) {
    case "ImShowing":
      fields = (
        <Select
          tile={status}
          label={t.horse}
          empty={t.noHorse}
          value={tile.horseId}
          options={horseOptions(choices.ownHorses)}
          onChange={onHorse}
        />
      );
      break;
    case "HorseIsShowing":
      fields = (
        <>
          <Select
            tile={status}
            label={t.horse}
            empty={t.noHorse}
            value={tile.horseId}
            options={horseOptions(choices.ownHorses)}
            onChange={onHorse}
          />
          <Select
            tile={status}
            label={t.rider}
            empty={t.noRider}
            value={tile.riderId}
            options={riderOptions(riders)}
            onChange={onRider}
          />
          {riderSearch}
        </>
      );
      break;
    case "CustomerIsShowing": {
      const customer = choices.customers.find((c) => c.id === tile.riderId);
      fields = (
        <>
          <Select
            tile={status}
            label={t.customer}
            empty={t.chooseCustomer}
            value={tile.riderId}
            options={choices.customers}
            onChange={onRider}
          />
          <Select
            tile={status}
            label={t.horse}
            empty={customer ? t.noHorse : t.selectCustomerFirst}
            value={tile.horseId}
            options={customer?.horses ?? []}
            onChange={onHorse}
            disabled={!customer}
          />
        </>
      );
      break;
    }
    case "FriendIsShowing":
      fields = (
        <>
          <Select
            tile={status}
            label={t.rider}
            empty={t.noRider}
            value={tile.riderId}
            options={riderOptions(riders.filter((r) => r.id !== viewerId))}
            onChange={onRider}
          />
          <Select
            tile={status}
            label={t.horse}
            empty={t.noHorse}
            value={tile.horseId}
            options={horseOptions(choices.allHorses)}
            onChange={onHorse}
          />
          {riderSearch}
        </>
      );
      break;
    default:
      return null;
  }
  return <div className="grid gap-3 px-3 pb-3 sm:grid-cols-2">{fields}</div>;
}

/**
 * A chooser labelled "Horse" or "Rider" on screen; its accessible name adds the tile ("Horse for I'm
 * Showing"), so each chooser is unique when several tiles are on.
 */
function Select({
  label,
  tile,
  empty,
  value,
  options,
  onChange,
  disabled = false,
}: {
  label: string;
  tile: EntryStatus;
  empty: string;
  value: string | null;
  options: Named[];
  onChange: (id: string | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-stone-700">
        {label}
      </label>
      <select
        id={id}
        aria-label={t.chooserName(label, t.statusLabels[tile])}
        value={value ?? ""}
        disabled={disabled}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value || null)}
        className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-stone-100 disabled:text-stone-500"
      >
        <option value="">{empty}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
