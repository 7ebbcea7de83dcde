import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { TableSort } from "#domain/sorting/table-sort.ts";

/**
 * A sortable column's header (ADR 045, 048): a button that sorts by it (again: the other way round),
 * `aria-sort` on the sorted one. From 1024 px it sticks under the app's bar and shows which way each column
 * sorts; on a phone it looks as a plain header.
 */
export function SortHeader<C extends string>({
  column,
  label,
  sort,
  onSort,
  className = "",
  disabled = false,
}: {
  column: C;
  label: string;
  sort: TableSort<C>;
  onSort: (column: C) => void;
  className?: string;
  /** Not ready yet (the server's page before it hydrates): shown so, and a tap does nothing. */
  disabled?: boolean;
}) {
  const active = sort.column === column;
  const Icon = !active ? ArrowUpDown : sort.direction === "ascending" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? sort.direction : undefined}
      className={`px-3 py-2 lg:sticky lg:top-[49px] lg:z-10 lg:bg-white lg:py-0 lg:shadow-[inset_0_-1px_0_var(--color-stone-200)] ${className}`}
    >
      <button
        type="button"
        disabled={disabled}
        onClick={() => onSort(column)}
        className={`inline-flex items-center gap-1 rounded font-semibold hover:text-brand-800 disabled:cursor-progress disabled:opacity-60 lg:min-h-11 ${active ? "text-brand-900" : ""}`}
      >
        {label}
        <Icon aria-hidden className={`hidden size-3.5 lg:inline ${active ? "" : "text-stone-400"}`} />
      </button>
    </th>
  );
}
