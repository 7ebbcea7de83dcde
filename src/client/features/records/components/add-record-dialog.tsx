import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { useCreateRecord } from "#client/features/records/api/create-record.ts";
import { useRecordChoices } from "#client/features/records/api/get-record-choices.ts";
import { usePastShowClasses } from "#client/features/records/api/search-past-shows.ts";
import {
  type ChosenShow,
  ShowNameCombobox,
} from "#client/features/records/components/show-name-combobox.tsx";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { Field } from "#client/ui/field.tsx";
import { SelectField } from "#client/ui/form-controls.tsx";
import { PLACINGS, type ShowRecord } from "#domain/contracts/records.ts";
import { matchesAllWords } from "#domain/shows/word-search.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { offlineTexts } from "#domain/texts/offline.ts";
import { profileTexts } from "#domain/texts/profile.ts";
import { texts } from "#domain/texts/shell.ts";

const t = profileTexts;

interface Draft {
  showName: string;
  className: string;
  showDate: string;
  placing: string;
  horseId: string;
  riderId: string;
}

const empty = (horseId = ""): Draft => ({
  showName: "",
  className: "",
  showDate: "",
  placing: "",
  horseId,
  riderId: "",
});

/**
 * Add Show Record ("Manually enter a result from a past show"). Every field is required; the show
 * name suggests past shows after more than two characters, and picking one fills the date and offers
 * that show's classes with a search.
 */
export function AddRecordDialog({
  open,
  onOpenChange,
  defaultHorseId,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultHorseId?: string;
  onSaved?: (record: ShowRecord) => void;
}) {
  const me = useMe().data;
  const choices = useRecordChoices(open);
  const create = useCreateRecord();
  const [draft, setDraft] = useState<Draft>(empty());
  const [chosenShow, setChosenShow] = useState<ChosenShow | null>(null);
  const [classSearch, setClassSearch] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const classes = usePastShowClasses(chosenShow?.id ?? null);

  const ownHorses = choices.data?.horses ?? [];
  const ownsDefault = !!defaultHorseId && ownHorses.some((h) => h.id === defaultHorseId);

  useEffect(() => {
    if (!open) return;
    setDraft(empty());
    setChosenShow(null);
    setClassSearch("");
    setProblem(null);
    create.reset();
  }, [open, create.reset]);

  useEffect(() => {
    if (open && ownsDefault && defaultHorseId)
      setDraft((d) => (d.horseId ? d : { ...d, horseId: defaultHorseId }));
  }, [open, ownsDefault, defaultHorseId]);

  const riders = useMemo(() => {
    const list = me ? [{ id: me.id, name: me.name }] : [];
    for (const trainer of choices.data?.trainers ?? []) if (trainer.id !== me?.id) list.push(trainer);
    return list;
  }, [me, choices.data]);

  const shownClasses = useMemo(
    () => (classes.data?.classes ?? []).filter((c) => matchesAllWords(c.name, classSearch)),
    [classes.data, classSearch],
  );

  // 'Please fill out all fields' answers one Save; once the user starts filling the fields it goes away.
  const set = (key: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setProblem((p) => (p === errorsTexts.fillAllFields ? null : p));
  };

  const chooseShow = (show: ChosenShow | null) => {
    setChosenShow(show);
    setClassSearch("");
    if (show) setDraft((d) => ({ ...d, showName: show.name, showDate: show.startDate, className: "" }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const values = { ...draft, showName: draft.showName.trim(), className: draft.className.trim() };
    if (Object.values(values).some((v) => !v)) {
      setProblem(errorsTexts.fillAllFields);
      return;
    }
    const queued = create.queue(
      { ...values, placing: values.placing as (typeof PLACINGS)[number] },
      offlineTexts.labels.addRecord(values.showName, values.className),
      {
        onSuccess: (record) => {
          onSaved?.(record);
          onOpenChange(false);
        },
      },
    );
    // Offline it waits in the queue (its outcome is reported app-wide); the dialog need not.
    if (queued) onOpenChange(false);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t.addRecordTitle}
      description={t.addRecordSubtitle}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.cancel}
          </Button>
          <Button type="submit" form="add-record-form" disabled={create.isPending}>
            {t.saveRecord}
          </Button>
        </>
      }
    >
      <form id="add-record-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorAlert
          message={
            problem ??
            (create.error && !create.variables?.offline ? create.error.message : null) ??
            (choices.isError ? choices.error.message : null)
          }
        />
        <ShowNameCombobox
          value={draft.showName}
          onChange={(value) => {
            set("showName")(value);
            if (chosenShow && value !== chosenShow.name) chooseShow(null);
          }}
          onChoose={chooseShow}
        />
        {chosenShow ? (
          <div className="flex flex-col gap-2">
            <Field
              label={t.searchClasses}
              type="search"
              placeholder={t.searchClasses}
              value={classSearch}
              onChange={(e) => setClassSearch(e.target.value)}
            />
            <SelectField
              label={t.className}
              value={draft.className}
              onChange={(e) => set("className")(e.target.value)}
              blank={classes.isPending ? texts.common.loading : t.className}
              options={shownClasses.map((c) => ({
                key: c.id,
                value: c.name,
                label: `${c.number}. ${c.name}`,
              }))}
            />
          </div>
        ) : (
          <Field
            label={t.className}
            value={draft.className}
            onChange={(e) => set("className")(e.target.value)}
          />
        )}
        <div className="grid grid-cols-2 gap-3">
          <Field
            label={t.date}
            type="date"
            value={draft.showDate}
            onChange={(e) => set("showDate")(e.target.value)}
          />
          <SelectField
            label={t.placing}
            value={draft.placing}
            onChange={(e) => set("placing")(e.target.value)}
            blank={t.selectPlacing}
            options={PLACINGS.map((p) => ({ value: p, label: p === "Participated" ? t.participated : p }))}
          />
        </div>
        <SelectField
          label={t.horse}
          value={draft.horseId}
          onChange={(e) => set("horseId")(e.target.value)}
          blank={t.selectHorse}
          options={ownHorses.map((h) => ({ value: h.id, label: h.name }))}
        />
        <SelectField
          label={t.rider}
          value={draft.riderId}
          onChange={(e) => set("riderId")(e.target.value)}
          blank={t.selectRider}
          options={riders.map((r) => ({ value: r.id, label: r.name }))}
        />
      </form>
    </Modal>
  );
}
