import { Pencil, Trash2 } from "lucide-react";
import { adminTexts } from "#domain/texts/admin.ts";

const t = adminTexts;

export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const base =
    "inline-flex size-11 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <div className="flex shrink-0 items-center">
      <button
        type="button"
        className={`${base} hover:text-brand-800`}
        aria-label={t.editLabel(name)}
        onClick={onEdit}
      >
        <Pencil aria-hidden className="size-4" />
      </button>
      <button
        type="button"
        className={`${base} hover:text-red-700`}
        aria-label={t.deleteLabel(name)}
        onClick={onDelete}
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </div>
  );
}
