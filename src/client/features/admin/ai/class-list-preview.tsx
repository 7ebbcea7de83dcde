import { AlertTriangle, Plus, Undo2, X } from "lucide-react";
import { useId } from "react";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import type { ClassListExtraction } from "#domain/contracts/show-ai.ts";
import { type DateRange, isOutside } from "#domain/imports/class-import.ts";
import type { ClassDoubt } from "#domain/imports/class-list-doubts.ts";
import { previewSessionHeading } from "#domain/imports/preview-words.ts";
import { putBackGuess, putBackIndex } from "#domain/imports/put-back-line.ts";
import { adminAiTexts } from "#domain/texts/admin-ai.ts";
import { prizeListTexts } from "#domain/texts/prize-lists.ts";

const t = adminAiTexts;
const p = prizeListTexts;

type Session = ClassListExtraction["classes"][number]["session"];

export interface PreviewClass {
  key: number;
  number: string;
  name: string;
  date: string | null;
  session: Session;
  /** The printed lines it was read from (more than one when joined). */
  lines: string[];
  doubts: ClassDoubt[];
  /** Put back from a line not read that was printed after this original class (-1: before any). */
  putBackAfter?: number;
}

/** A line not read, and where it was printed. */
export interface UnplacedLine {
  text: string;
  after: number;
  session: Session;
}

export interface ClassListDraft {
  showName: string;
  classes: PreviewClass[];
  unplaced: UnplacedLine[];
  /** How many classes were read: their keys are 1…originalCount. */
  originalCount: number;
  pagesRead: number;
  totalPages: number;
  /** What went wrong with the reading as a whole. */
  notes: ClassListExtraction["notes"];
}

const input =
  "min-h-11 min-w-0 rounded-lg border border-stone-300 bg-white px-2 text-base text-stone-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none";

/** What to say about a class: its doubts, and "outside the show's dates" against the chosen show. */
export function reasonsFor(c: PreviewClass, range: DateRange | null): string[] {
  const reasons: string[] = c.doubts.map((d) => p.doubt[d]);
  if (c.putBackAfter !== undefined) reasons.push(p.putBackCheck);
  if (range && isOutside(range, c.date)) reasons.push(p.doubt["outside-dates"]);
  return reasons;
}

const sessionKey = (s: Session) => (s ? `${s.name}|${s.date ?? ""}|${s.startTime ?? ""}` : "");

/** Consecutive classes of one session, in page order: the preview's groups. */
function groups(classes: readonly PreviewClass[]) {
  const out: { session: Session; classes: { c: PreviewClass; index: number }[] }[] = [];
  classes.forEach((c, index) => {
    const last = out.at(-1);
    if (last && sessionKey(last.session) === sessionKey(c.session)) last.classes.push({ c, index });
    else out.push({ session: c.session, classes: [{ c, index }] });
  });
  return out;
}

/**
 * The class list as read, to correct before it is used: the show name, the classes under their session
 * headings (names wrap and their fields grow, so a long name is read whole at 360 px), each doubtful one
 * marked "Check this line" with its reasons and the lines it was joined from, and the lines not read.
 */
export function ClassListPreview({
  value,
  onChange,
  range,
}: {
  value: ClassListDraft;
  onChange: (next: ClassListDraft) => void;
  /** The dates of the show the classes go into, when it is an existing one. */
  range: DateRange | null;
}) {
  const id = useId();
  const setClass = (key: number, patch: Partial<PreviewClass>) =>
    onChange({
      ...value,
      // An edited line is the admin's own reading: it is no longer doubtful.
      classes: value.classes.map((c) => {
        if (c.key !== key) return c;
        const { putBackAfter: _checked, ...rest } = c;
        return { ...rest, ...patch, doubts: [] };
      }),
    });
  const numberId = (key: number) => `${id}-number-${key}`;
  // One tap: the line becomes a class where it was printed, its number and name read or guessed,
  // marked for checking; focus goes to its number.
  const putBack = (line: UnplacedLine) => {
    const at = putBackIndex(value.classes, line.after, value.originalCount);
    const row: PreviewClass = {
      key: nextKey,
      ...putBackGuess(line.text, value.classes[at - 1]?.number),
      date: line.session?.date ?? null,
      session: line.session,
      lines: [line.text],
      doubts: [],
      putBackAfter: line.after,
    };
    onChange({
      ...value,
      classes: [...value.classes.slice(0, at), row, ...value.classes.slice(at)],
      unplaced: value.unplaced.filter((l) => l !== line),
    });
    requestAnimationFrame(() => document.getElementById(numberId(row.key))?.focus());
  };
  const nextKey = value.classes.reduce((max, c) => Math.max(max, c.key), 0) + 1;
  const toCheck = value.classes.filter((c) => reasonsFor(c, range).length > 0).length;

  return (
    <div className="flex flex-col gap-3">
      <Field
        label={t.showName}
        value={value.showName}
        onChange={(e) => onChange({ ...value, showName: e.target.value })}
      />
      {value.totalPages > value.pagesRead ? (
        <p className="text-sm text-stone-700">{p.pagesRead(value.pagesRead, value.totalPages)}</p>
      ) : null}
      <ReadNotes notes={value.notes} />
      <p
        className={`rounded-lg px-3 py-2 text-sm ${toCheck ? "bg-amber-50 text-amber-900" : "bg-stone-50 text-stone-700"}`}
        aria-live="polite"
      >
        {toCheck
          ? p.readSurely(value.classes.length - toCheck, value.classes.length, toCheck)
          : `${t.classesFound(value.classes.length)} · ${p.nothingToCheck}`}
      </p>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="sr-only">{t.classesFound(value.classes.length)}</legend>
        {groups(value.classes).map((group) => (
          <section key={`${group.classes[0]!.c.key}`} className="flex flex-col gap-1.5">
            <h5 className="mt-1 border-b border-stone-200 pb-1 text-sm font-semibold text-brand-900">
              {group.session
                ? previewSessionHeading(
                    group.session.name,
                    group.session.date ?? null,
                    group.session.startTime ?? null,
                  )
                : p.noSession}
            </h5>
            <ol className="flex flex-col gap-2">
              {group.classes.map(({ c, index }) => {
                const reasons = reasonsFor(c, range);
                const noteId = `${id}-note-${c.key}`;
                return (
                  <li
                    key={c.key}
                    className={`flex flex-col gap-1 rounded-lg p-1.5 ${reasons.length ? "border border-amber-400 bg-amber-50" : ""}`}
                  >
                    <div className="flex items-start gap-1.5">
                      <input
                        id={numberId(c.key)}
                        aria-label={t.classNumber(index + 1)}
                        aria-describedby={reasons.length ? noteId : undefined}
                        value={c.number}
                        onChange={(e) => setClass(c.key, { number: e.target.value })}
                        className={`${input} w-16 shrink-0 text-right tabular-nums`}
                        maxLength={20}
                      />
                      <textarea
                        aria-label={t.className(index + 1)}
                        aria-describedby={reasons.length ? noteId : undefined}
                        value={c.name}
                        rows={1}
                        onChange={(e) => setClass(c.key, { name: e.target.value.replace(/\s*\n\s*/g, " ") })}
                        className={`${input} flex-1 resize-none py-2 leading-snug [field-sizing:content]`}
                        maxLength={200}
                      />
                      <button
                        type="button"
                        aria-label={t.removeClass(c.number || String(index + 1))}
                        onClick={() =>
                          onChange({ ...value, classes: value.classes.filter((x) => x.key !== c.key) })
                        }
                        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-red-700"
                      >
                        <X aria-hidden className="size-4" />
                      </button>
                    </div>
                    {reasons.length || c.lines.length > 1 ? (
                      <div id={noteId} className="flex flex-col gap-0.5 pl-1 text-xs">
                        {reasons.length ? (
                          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                            <p className="flex items-start gap-1 font-semibold text-amber-900">
                              <AlertTriangle aria-hidden className="mt-px size-3.5 shrink-0" />
                              <span>
                                {p.checkLine}: {reasons.join(" ")}
                              </span>
                            </p>
                            {c.doubts.length || c.putBackAfter !== undefined ? (
                              <button
                                type="button"
                                aria-label={p.looksRightLabel(index + 1)}
                                onClick={() => setClass(c.key, {})}
                                className="min-h-8 rounded-md border border-amber-500 bg-white px-2 font-semibold text-amber-900 hover:bg-amber-100"
                              >
                                {p.looksRight}
                              </button>
                            ) : null}
                          </div>
                        ) : null}
                        {c.lines.length > 1 ? (
                          <p className="text-stone-600">
                            {p.joinedFrom(c.lines.length)}: {c.lines.map((l) => `“${l}”`).join(" + ")}
                          </p>
                        ) : null}
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
        <div>
          <Button
            variant="ghost"
            onClick={() =>
              onChange({
                ...value,
                classes: [
                  ...value.classes,
                  {
                    key: nextKey,
                    number: "",
                    name: "",
                    date: null,
                    session: value.classes.at(-1)?.session ?? null,
                    lines: [],
                    doubts: [],
                  },
                ],
              })
            }
          >
            <Plus aria-hidden className="size-4" />
            {t.addClass}
          </Button>
        </div>
      </fieldset>
      <UnplacedLines
        id={`${id}-unplaced`}
        lines={value.unplaced.map((l) => l.text)}
        title={t.unplaced}
        hint={t.unplacedHint}
        onPutBack={(i) => putBack(value.unplaced[i]!)}
      />
    </div>
  );
}

/** What went wrong with the reading as a whole: a turned, blurred or empty picture. */
export function ReadNotes({ notes }: { notes: ClassListDraft["notes"] }) {
  if (notes.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {notes.map((note) => (
        <li key={note.kind} className="flex items-start gap-1.5">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{p.note(note)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Lines that were read but not placed (or, with no class found, all that was read). */
export function UnplacedLines({
  id,
  lines,
  title,
  hint,
  onPutBack,
}: {
  id: string;
  lines: readonly string[];
  title: string;
  hint: string;
  /** Offers each line to be put back as a class in its place. */
  onPutBack?: (index: number) => void;
}) {
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
      <h4 id={id} className="text-sm font-semibold text-amber-900">
        {title} ({lines.length})
      </h4>
      <p className="text-xs text-amber-900">{hint}</p>
      <ul
        className={`mt-2 max-h-72 overflow-y-auto text-sm break-words text-stone-800 ${onPutBack ? "flex flex-col gap-1" : "list-disc pl-5"}`}
      >
        {lines.map((line, i) => (
          // Lines may repeat; their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: read-only list in page order
          <li key={i} className={onPutBack ? "flex items-center gap-2" : undefined}>
            <span className="min-w-0 flex-1">{line}</span>
            {onPutBack ? (
              <button
                type="button"
                aria-label={p.putBackLabel(line)}
                onClick={() => onPutBack(i)}
                className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md border border-amber-500 bg-white px-2 text-xs font-semibold text-amber-900 hover:bg-amber-100"
              >
                <Undo2 aria-hidden className="size-3.5" />
                {p.putBack}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
