import type { ReactNode } from "react";
import { SortHeader } from "#client/ui/sort-header.tsx";
import type { TableSort } from "#domain/sorting/table-sort.ts";
import { adminTexts } from "#domain/texts/admin.ts";

/** A column of an Admin Panel table: its header, its cell, and the server sort it has, if any. */
export interface AdminColumn<Item, C extends string> {
  label: string;
  cell: (item: Item) => ReactNode;
  sortBy?: C;
  className?: string;
}

/**
 * The wide layout's table of a Data Management or Show Management list (ADR 048): a row per item, the
 * sortable columns' headers as buttons, the row's actions last (so the keyboard meets them after the row's
 * words, as the eye does), and the row whose form is open tinted.
 */
export function AdminTable<Item extends { id: string }, C extends string>({
  label,
  columns,
  rows,
  sort,
  onSort,
  openId,
  actions,
}: {
  label: string;
  columns: AdminColumn<Item, C>[];
  rows: Item[];
  sort?: TableSort<C>;
  onSort?: (column: C) => void;
  openId?: string | null;
  actions: (item: Item) => ReactNode;
}) {
  return (
    // data-pane-host: while a form's side pane is open the table narrows to stay beside it (styles.css).
    <div data-pane-host className="rounded-lg border border-stone-200 bg-white">
      <table aria-label={label} className="w-full table-fixed text-left text-sm">
        <thead>
          <tr className="border-b border-stone-200 text-stone-700">
            {columns.map((column) =>
              column.sortBy && sort && onSort ? (
                <SortHeader
                  key={column.label}
                  column={column.sortBy}
                  label={column.label}
                  sort={sort}
                  onSort={onSort}
                  className={column.className}
                />
              ) : (
                <th
                  key={column.label}
                  scope="col"
                  className={`px-3 py-2 font-semibold ${column.className ?? ""}`}
                >
                  {column.label}
                </th>
              ),
            )}
            <th scope="col" className="w-36 px-3 py-2 text-right font-semibold">
              <span className="sr-only">{adminTexts.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <tr
              key={item.id}
              className={`border-b border-stone-100 last:border-0 ${openId === item.id ? "bg-brand-50" : ""}`}
            >
              {columns.map((column) => (
                <td key={column.label} className={`px-3 py-2 break-words ${column.className ?? ""}`}>
                  {column.cell(item)}
                </td>
              ))}
              <td className="px-1 py-1">
                <div className="flex justify-end">{actions(item)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
