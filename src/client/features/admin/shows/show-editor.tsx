import { AlertTriangle, ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { type FieldErrors, useFieldArray, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { useSaveShow } from "#client/features/admin/api/shows.ts";
import { useAdminStatus } from "#client/features/admin/status-banner.tsx";
import { useClearOnChange } from "#client/lib/use-dialog-form.ts";
import { zodResolver } from "#client/lib/zod-resolver.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { ChoiceList } from "#client/ui/choice-list.tsx";
import { Field } from "#client/ui/field.tsx";
import type { ShowDraft } from "#domain/contracts/admin.ts";
import { SHOW_ADMIN_LIMITS } from "#domain/contracts/show-admin.ts";
import type { ShowDetail } from "#domain/contracts/shows.ts";
import { outsideDatesProblem } from "#domain/imports/class-import.ts";
import type { ImportedSession } from "#domain/imports/imported-sessions.ts";
import { chosenAfterMove, chosenAfterRemove } from "#domain/shows/chosen-item.ts";
import { numberKey, parsePastedClasses } from "#domain/shows/class-editing.ts";
import { adminTexts } from "#domain/texts/admin.ts";

export type { ShowDraft } from "#domain/contracts/admin.ts";

const t = adminTexts.editor;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const required = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: t.required(label) })
    .max(max);

const Form = z
  .object({
    name: required(t.name, SHOW_ADMIN_LIMITS.name),
    startDate: z.string().regex(DATE, { error: t.required(t.startDate) }),
    endDate: z.string().regex(DATE, { error: t.required(t.endDate) }),
    location: required(t.location, SHOW_ADMIN_LIMITS.location),
    judges: z.string().max(SHOW_ADMIN_LIMITS.judges * (SHOW_ADMIN_LIMITS.judge + 1)),
    sanctioningOrg: z.string().trim().max(SHOW_ADMIN_LIMITS.org),
    isAIPrediction: z.boolean(),
    classes: z
      .array(
        z.object({
          classId: z.string().optional(),
          number: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9]{1,20}$/, { error: t.badNumber }),
          name: required(t.className, SHOW_ADMIN_LIMITS.name),
          date: z.union([z.literal(""), z.string().regex(DATE)]),
          /** A pasted class's session heading, saved as the show's session (issue 23); not edited here. */
          session: z.custom<ImportedSession | null>().optional(),
        }),
      )
      .max(SHOW_ADMIN_LIMITS.classes),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: t.endBeforeStart });
    }
    const seen = new Set<string>();
    v.classes.forEach((c, i) => {
      const key = numberKey(c.number);
      if (key && seen.has(key))
        ctx.addIssue({ code: "custom", path: ["classes", i, "number"], message: t.duplicateNumber(key) });
      seen.add(key);
      // Refused by the server too (issue 23): a class outside its show's days never reaches a roster.
      if (DATE.test(v.startDate) && DATE.test(v.endDate) && v.endDate >= v.startDate) {
        const problem = outsideDatesProblem(v, [{ number: key, date: c.date }]);
        if (problem) ctx.addIssue({ code: "custom", path: ["classes", i, "date"], message: problem });
      }
    });
  });
type Form = z.infer<typeof Form>;

const EMPTY: ShowDraft = {
  name: "",
  startDate: "",
  endDate: "",
  location: "",
  judges: [],
  sanctioningOrg: null,
  isAIPrediction: false,
  classes: [],
};

const toForm = (draft: ShowDraft): Form => ({
  name: draft.name,
  startDate: draft.startDate,
  endDate: draft.endDate,
  location: draft.location,
  judges: draft.judges.join("\n"),
  sanctioningOrg: draft.sanctioningOrg ?? "",
  isAIPrediction: draft.isAIPrediction,
  classes: draft.classes.map((c) => ({ classId: c.id, number: c.number, name: c.name, date: c.date ?? "" })),
});

const toDraft = (form: Form): ShowDraft => ({
  name: form.name.trim(),
  startDate: form.startDate,
  endDate: form.endDate,
  location: form.location.trim(),
  judges: form.judges
    .split("\n")
    .map((j) => j.trim())
    .filter(Boolean),
  sanctioningOrg: form.sanctioningOrg.trim() || null,
  isAIPrediction: form.isAIPrediction,
  classes: form.classes.map((c) => ({
    ...(c.classId ? { id: c.classId } : {}),
    number: numberKey(c.number),
    name: c.name.trim(),
    date: c.date || null,
    ...(c.session ? { session: c.session } : {}),
  })),
});

/** A show's draft from its detail, for editing. */
export const draftOfShow = (show: ShowDetail): ShowDraft => ({
  name: show.name,
  startDate: show.startDate,
  endDate: show.endDate,
  location: show.location,
  judges: show.judges,
  sanctioningOrg: show.sanctioningOrg,
  isAIPrediction: show.isAiPrediction,
  classes: show.classes.map((c) => ({ id: c.id, number: c.number, name: c.name, date: c.date })),
});

const fieldClass =
  "min-h-11 rounded-lg border border-stone-300 bg-white px-2 text-base text-stone-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-invalid:border-red-500";
const inputClass = `${fieldClass} w-full`;
/** A class name is one line: a pasted line break is a space. */
const oneLine = (value: string) => value.replace(/\s*\n\s*/g, " ");
/**
 * A class row's field: below 1024 px the row's flex item as it was; from it a column with its word above,
 * in the chosen class's form (ADR 048). The word is in the field's own name, so it is hidden from screen readers.
 */
function Captioned({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-1">
      <span aria-hidden className="hidden text-sm font-medium text-stone-700 lg:block">
        {caption}
      </span>
      {children}
    </div>
  );
}

const iconButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 disabled:text-stone-300 focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * The show editor: a show's fields and its class list (add, edit, reorder with buttons, remove, paste a
 * block of class lines). Without `showId` it creates the show (everyone is notified); with it, it saves
 * the changes (entrants hear of new dates, location or judges). Classes it started with keep their ids.
 * Also used by the AI tools (issue 10) to review a predicted or photographed show before saving it.
 */
export function ShowEditor({
  initial,
  showId,
  onSaved,
  onCancel,
}: {
  initial?: ShowDraft;
  showId?: string;
  onSaved: (show: ShowDetail) => void;
  onCancel: () => void;
}) {
  const save = useSaveShow();
  const report = useAdminStatus();
  const formId = useId();
  const pasteId = useId();
  const [pasteText, setPasteText] = useState("");
  const [pasteResult, setPasteResult] = useState<string | null>(null);
  const form = useForm<Form>({ resolver: zodResolver(Form), defaultValues: toForm(initial ?? EMPTY) });
  const classes = useFieldArray({ control: form.control, name: "classes", keyName: "key" });
  const errors = form.formState.errors;
  // From 1024 px the class list is a list with one chosen class's form beside it (ADR 048).
  const [chosenIndex, setChosen] = useState(0);
  const chosen = Math.min(chosenIndex, classes.fields.length - 1);
  const watched = useWatch({ control: form.control, name: "classes" });
  // A refusal shows once, in the form, until a field changes.
  useClearOnChange(form.watch, save);

  const focusLater = (selector: string) =>
    requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());

  const move = (from: number, to: number, direction: "up" | "down") => {
    classes.move(from, to);
    setChosen((c) => chosenAfterMove(Math.min(c, classes.fields.length - 1), from, to));
    focusLater(`[data-row="${to}"] [data-move="${direction}"]`);
  };

  const addClass = () => {
    const numbers = form
      .getValues("classes")
      .map((c) => Number.parseInt(c.number, 10))
      .filter(Number.isFinite);
    classes.append({ number: String(numbers.length ? Math.max(...numbers) + 1 : 1), name: "", date: "" });
    setChosen(classes.fields.length);
    focusLater(`[data-row="${classes.fields.length}"] [data-field="name"]`);
  };

  const addPasted = () => {
    const start = form.getValues("startDate");
    const year = DATE.test(start) ? Number(start.slice(0, 4)) : new Date().getFullYear();
    const parsed = parsePastedClasses(pasteText, year);
    const taken = new Set(form.getValues("classes").map((c) => numberKey(c.number)));
    const fresh = parsed.classes.filter((c) => {
      const key = numberKey(c.number);
      if (taken.has(key)) return false;
      taken.add(key);
      return true;
    });
    classes.append(
      fresh.map((c) => ({ number: c.number, name: c.name, date: c.date ?? "", session: c.session })),
    );
    setPasteResult(t.pasted(fresh.length, parsed.classes.length - fresh.length, parsed.unread.length));
    if (fresh.length) setPasteText("");
  };

  const remove = (i: number) => {
    setChosen((c) => chosenAfterRemove(Math.min(c, classes.fields.length - 1), i, classes.fields.length));
    classes.remove(i);
  };

  // A refused class is chosen, so its form (and the field the form focuses) is in view from 1024 px.
  const chooseInvalid = (invalid: FieldErrors<Form>) => {
    const rows = invalid.classes ?? [];
    if (rows[chosen]) return;
    const first = classes.fields.findIndex((_, i) => rows[i]);
    if (first >= 0) setChosen(first);
  };

  const submit = form.handleSubmit(
    (values) =>
      save.mutate(
        { showId: showId ?? null, draft: toDraft(values) },
        {
          onSuccess: (show) => {
            report("success", adminTexts.showSaved(show.name));
            onSaved(show);
          },
        },
      ),
    chooseInvalid,
  );

  // Under the list from 1024 px, under the rows below it: one of the two is shown.
  const addClassButton = (
    <Button variant="secondary" onClick={addClass}>
      <Plus aria-hidden className="size-4" />
      {t.addClass}
    </Button>
  );

  return (
    // From 1024 px (ADR 048): the show's details in two columns across the top; below them its classes as a
    // list at the left and the chosen class's form at the right. The wrappers are `display: contents` below
    // and the list is hidden there, so the phone's one column is the same boxes as before, in the same order.
    <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div
        data-testid="show-editor-details"
        className="contents lg:grid lg:grid-cols-2 lg:items-start lg:gap-x-6 lg:gap-y-4 lg:[&>[role=alert]]:col-span-2"
      >
        <ErrorAlert message={save.error?.message} />
        <Field label={t.name} required error={errors.name?.message} {...form.register("name")} />
        <div className="grid grid-cols-2 gap-3">
          <Field
            label={t.startDate}
            type="date"
            required
            error={errors.startDate?.message}
            {...form.register("startDate")}
          />
          <Field
            label={t.endDate}
            type="date"
            required
            error={errors.endDate?.message}
            {...form.register("endDate")}
          />
        </div>
        <Field label={t.location} required error={errors.location?.message} {...form.register("location")} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${formId}-judges`} className="text-sm font-medium text-stone-700">
              {t.judges}
            </label>
            <textarea
              id={`${formId}-judges`}
              rows={3}
              className={`${inputClass} py-2`}
              {...form.register("judges")}
            />
          </div>
          <div className="flex flex-col gap-3">
            <Field label={t.org} {...form.register("sanctioningOrg")} />
            <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-stone-800">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                {...form.register("isAIPrediction")}
              />
              {t.aiPrediction}
            </label>
          </div>
        </div>
      </div>

      <fieldset
        data-testid="show-editor-classes"
        className="flex flex-col gap-2 lg:grid lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-x-6"
      >
        <legend className="mb-1 text-sm font-semibold text-brand-900">
          {t.classes(classes.fields.length)}
        </legend>
        <div data-testid="show-editor-class-list" className="hidden lg:flex lg:flex-col lg:gap-2">
          <ChoiceList
            label={t.classList}
            chosen={classes.fields[chosen]?.key ?? null}
            onChoose={(key) => setChosen(classes.fields.findIndex((f) => f.key === key))}
            choices={classes.fields.map((field, i) => {
              const invalid = Boolean(errors.classes?.[i]);
              return {
                key: field.key,
                invalid,
                content: (
                  <>
                    <span className="w-10 shrink-0 text-right font-mono">{watched[i]?.number}</span>{" "}
                    <span className="min-w-0 flex-1 break-words">{watched[i]?.name || t.unnamed}</span>
                    {invalid ? (
                      <>
                        <AlertTriangle aria-hidden className="size-4 shrink-0 text-red-700" />
                        <span className="sr-only">{t.rowProblem}</span>
                      </>
                    ) : null}
                  </>
                ),
              };
            })}
          />
          <div>{addClassButton}</div>
        </div>
        <div
          data-testid="show-editor-class-form"
          className="contents lg:sticky lg:top-0 lg:flex lg:min-w-0 lg:flex-col lg:gap-2"
        >
          {classes.fields.length === 0 ? <p className="text-sm text-stone-600">{t.noClasses}</p> : null}
          <ol className="flex flex-col gap-2">
            {classes.fields.map((field, i) => {
              const label = form.getValues(`classes.${i}.name`) || `${i + 1}`;
              const rowErrors = errors.classes?.[i];
              return (
                <li
                  key={field.key}
                  data-row={i}
                  className={`rounded-lg border border-stone-200 bg-stone-50 p-2${i === chosen ? " lg:p-3" : " lg:hidden"}`}
                >
                  {/* From 1024 px the chosen class's form: its fields under visible words, the buttons below. */}
                  <div className="flex flex-wrap items-start gap-2 lg:grid lg:grid-cols-[6rem_minmax(0,1fr)_11rem] lg:gap-3">
                    <Captioned caption={t.formNumber}>
                      <input
                        aria-label={t.numberOf(i + 1)}
                        aria-invalid={rowErrors?.number ? true : undefined}
                        className={`${fieldClass} w-16 lg:w-full`}
                        {...form.register(`classes.${i}.number`)}
                      />
                    </Captioned>
                    {/* A textarea one line high that grows: a long class name wraps at 360 px instead of hiding. */}
                    <Captioned caption={t.formName}>
                      <textarea
                        aria-label={t.nameOf(i + 1)}
                        aria-invalid={rowErrors?.name ? true : undefined}
                        data-field="name"
                        rows={1}
                        className={`${fieldClass} min-w-0 flex-1 basis-40 resize-none lg:flex-none lg:basis-auto py-2 leading-snug [field-sizing:content]`}
                        onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
                        {...form.register(`classes.${i}.name`, { setValueAs: oneLine })}
                      />
                    </Captioned>
                    <Captioned caption={t.classDate}>
                      <input
                        type="date"
                        aria-label={t.dateOf(i + 1)}
                        aria-invalid={rowErrors?.date ? true : undefined}
                        className={`${fieldClass} w-40 lg:w-full`}
                        {...form.register(`classes.${i}.date`)}
                      />
                    </Captioned>
                    <div className="ml-auto flex lg:col-span-3">
                      <button
                        type="button"
                        data-move="up"
                        className={iconButton}
                        aria-label={t.moveUp(label)}
                        disabled={i === 0}
                        onClick={() => move(i, i - 1, "up")}
                      >
                        <ArrowUp aria-hidden className="size-4" />
                      </button>
                      <button
                        type="button"
                        data-move="down"
                        className={iconButton}
                        aria-label={t.moveDown(label)}
                        disabled={i === classes.fields.length - 1}
                        onClick={() => move(i, i + 1, "down")}
                      >
                        <ArrowDown aria-hidden className="size-4" />
                      </button>
                      <button
                        type="button"
                        className={`${iconButton} hover:text-red-700`}
                        aria-label={t.remove(label)}
                        onClick={() => remove(i)}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </button>
                    </div>
                  </div>
                  {rowErrors?.number || rowErrors?.name || rowErrors?.date ? (
                    <p className="mt-1 text-xs text-red-700">
                      {rowErrors.number?.message ?? rowErrors.name?.message ?? rowErrors.date?.message}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
          <div className="lg:hidden">{addClassButton}</div>
        </div>
      </fieldset>

      <div className="flex flex-col gap-1">
        <label htmlFor={pasteId} className="text-sm font-medium text-stone-700">
          {t.paste}
        </label>
        <p id={`${pasteId}-hint`} className="text-xs text-stone-600">
          {t.pasteHint}
        </p>
        <textarea
          id={pasteId}
          aria-describedby={`${pasteId}-hint`}
          rows={4}
          value={pasteText}
          onChange={(e) => setPasteText(e.target.value)}
          className={`${inputClass} py-2 font-mono text-sm`}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" disabled={!pasteText.trim()} onClick={addPasted}>
            {t.addPasted}
          </Button>
          <p role="status" className="text-sm text-stone-700">
            {pasteResult}
          </p>
        </div>
      </div>

      <div className="flex flex-wrap justify-end gap-2 border-t border-stone-200 pt-3">
        <Button variant="secondary" onClick={onCancel}>
          {adminTexts.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t.saveShow}
        </Button>
      </div>
    </form>
  );
}
