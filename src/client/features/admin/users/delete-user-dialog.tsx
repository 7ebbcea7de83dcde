import { useId, useState } from "react";
import { useAdminUsers, useDeleteUser, useSoleHorses } from "#client/features/admin/api/users.ts";
import { useAdminStatus } from "#client/features/admin/status-banner.tsx";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { ConfirmDialog, Modal } from "#client/ui/dialog.tsx";
import { Spinner } from "#client/ui/page.tsx";
import type { AdminUser } from "#domain/contracts/admin.ts";
import { adminTexts } from "#domain/texts/admin.ts";
import { userDeletionTexts } from "#domain/texts/user-deletion.ts";

const t = adminTexts;
const u = userDeletionTexts;

const optionClass =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300";

/**
 * Deleting a user (issue 24): a plain confirmation, or, when they are the only owner of horses, the
 * question of what becomes of those horses: given to another person (picked by search), or deleted
 * with their entries. The server refuses a deletion without that choice, so none is left ownerless.
 */
export function DeleteUserDialog({ target, onClose }: { target: AdminUser | null; onClose: () => void }) {
  const sole = useSoleHorses(target?.id ?? null);
  const remove = useDeleteUser();
  const report = useAdminStatus();
  const [choice, setChoice] = useState<"transfer" | "delete" | null>(null);
  const [to, setTo] = useState("");
  const close = () => {
    setChoice(null);
    setTo("");
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!target) return;
    const name = target.name;
    remove.mutate(
      { id: target.id, ...(choice ? { horses: choice } : {}), ...(choice === "transfer" ? { to } : {}) },
      {
        onSuccess: () => {
          report("success", t.deleted(name));
          close();
        },
      },
    );
  };
  const horses = sole.data?.horses ?? [];
  if (target && (sole.isPending || sole.isError || horses.length > 0)) {
    const ready = choice === "delete" || (choice === "transfer" && to !== "");
    return (
      <Modal
        open
        onOpenChange={(open) => !open && close()}
        title={t.confirmDeleteTitle(target.name)}
        alert
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {t.cancel}
            </Button>
            <Button variant="danger" disabled={!ready || remove.isPending} onClick={confirm}>
              {t.delete}
            </Button>
          </>
        }
      >
        {sole.isPending ? (
          <Spinner label={u.checking} />
        ) : sole.isError ? (
          <ErrorAlert message={sole.error.message} />
        ) : (
          <HorsesChoice
            target={target}
            horses={horses}
            choice={choice}
            onChoice={setChoice}
            to={to}
            onTo={setTo}
          />
        )}
        <div className="mt-3">
          <ErrorAlert message={remove.error?.message ?? null} />
        </div>
      </Modal>
    );
  }
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title={t.confirmDeleteTitle(target?.name ?? "")}
      message={remove.error?.message ?? t.confirmDeleteUser}
      confirmLabel={t.delete}
      cancelLabel={t.cancel}
      busy={remove.isPending}
      onConfirm={confirm}
    />
  );
}

function HorsesChoice({
  target,
  horses,
  choice,
  onChoice,
  to,
  onTo,
}: {
  target: AdminUser;
  horses: { id: string; name: string }[];
  choice: "transfer" | "delete" | null;
  onChoice: (choice: "transfer" | "delete") => void;
  to: string;
  onTo: (id: string) => void;
}) {
  const [q, setQ] = useState("");
  const people = useAdminUsers(q);
  const others = (people.data?.pages ?? []).flatMap((p) => p.users).filter((p) => p.id !== target.id);
  const searchId = useId();
  const pickId = useId();
  return (
    // min-w-0: a fieldset is at least as wide as its content (a long email in the picker) by default.
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm text-stone-800">{u.horsesHeading(target.name, horses.length)}</legend>
      <ul className="mb-2 list-disc pl-5 text-sm text-stone-800">
        {horses.map((h) => (
          <li key={h.id} className="break-words">
            {h.name}
          </li>
        ))}
      </ul>
      <ChoiceRadio value="transfer" choice={choice} onChoice={onChoice} label={u.transfer} />
      {choice === "transfer" ? (
        <div className="ml-6 flex flex-col gap-2">
          <label htmlFor={searchId} className="text-sm font-medium text-stone-700">
            {u.searchPeople}
          </label>
          <input
            id={searchId}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
          <label htmlFor={pickId} className="text-sm font-medium text-stone-700">
            {u.transferTo}
          </label>
          <select
            id={pickId}
            value={to}
            onChange={(e) => onTo(e.target.value)}
            aria-describedby={`${pickId}-hint`}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900"
          >
            <option value="">{others.length ? u.pickOwner : u.noOtherUsers}</option>
            {others.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.email})
              </option>
            ))}
          </select>
          <p id={`${pickId}-hint`} className="text-xs text-stone-600">
            {u.transferHint}
          </p>
        </div>
      ) : null}
      <ChoiceRadio value="delete" choice={choice} onChoice={onChoice} label={u.deleteHorses} />
    </fieldset>
  );
}

function ChoiceRadio({
  value,
  choice,
  onChoice,
  label,
}: {
  value: "transfer" | "delete";
  choice: "transfer" | "delete" | null;
  onChoice: (choice: "transfer" | "delete") => void;
  label: string;
}) {
  return (
    <label className={optionClass}>
      <input
        type="radio"
        name="sole-horses"
        className="size-4 shrink-0 accent-brand-700"
        checked={choice === value}
        onChange={() => onChoice(value)}
      />
      {label}
    </label>
  );
}
