import { useQueryClient } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import { ArrowLeft, Pencil, Plus, Share2, Trophy, Users } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Link, useParams } from "#client/app/routing.ts";
import { useChangePicture } from "#client/features/horses/api/change-picture.ts";
import { useHorse } from "#client/features/horses/api/get-horse.ts";
import { horsesKey } from "#client/features/horses/api/list-horses.ts";
import { HorseFormDialog } from "#client/features/horses/components/horse-form-dialog.tsx";
import { OwnershipDialog } from "#client/features/horses/components/ownership-dialog.tsx";
import { ShareScheduleDialog } from "#client/features/horses/components/share-schedule-dialog.tsx";
import { useHorseRecords } from "#client/features/records/api/list-records.ts";
import { AddRecordDialog } from "#client/features/records/components/add-record-dialog.tsx";
import { RecordList } from "#client/features/records/components/record-list.tsx";
import { HorseAliases } from "#client/features/results/components/horse-aliases.tsx";
import { HorseStandings } from "#client/features/results/components/horse-standings.tsx";
import { ApiError } from "#client/lib/api.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button, buttonClass } from "#client/ui/button.tsx";
import { HorseIcon } from "#client/ui/icons.tsx";
import { ImagePickerButton } from "#client/ui/image-picker-button.tsx";
import { EmptyState, Spinner } from "#client/ui/page.tsx";
import { HorsePicture, PersonPhoto } from "#client/ui/placeholders.tsx";
import { useDocumentTitle } from "#client/ui/use-document-title.ts";
import type { HorseDetail } from "#domain/contracts/horses.ts";
import { ageInYears } from "#domain/people/age.ts";
import { divisionName } from "#domain/shows/divisions.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { horsesTexts } from "#domain/texts/horses.ts";
import { profileTexts } from "#domain/texts/profile.ts";
import { texts } from "#domain/texts/shell.ts";

const t = horsesTexts;

// Live links (issue 35): only the horse's owners, trainers and riders see them; a chunk of their own.
const HorseWatchLinks = lazy(() =>
  import("#client/features/watch/horse-watch-links.tsx").catch(() => ({ default: () => null })),
);

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-brand-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function People({ people }: { people: HorseDetail["owners"] }) {
  if (people.length === 0) return <p className="text-sm text-stone-600">{t.nobody}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {people.map((p) => (
        <li key={p.id} className="flex items-center gap-3 text-sm text-stone-800">
          <PersonPhoto photoId={p.photoId} alt="" className="size-8 shrink-0 rounded-full" />
          {p.name}
        </li>
      ))}
    </ul>
  );
}

function NotFound() {
  return (
    <section className="flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white/60 px-4 py-10 text-center">
      <HorseIcon className="mb-3 size-10 text-stone-400" />
      <h1 className="text-lg font-bold text-brand-900">{errorsTexts.horseNotFound}</h1>
      <Link to="/horses" className={buttonClass("primary", "mt-5")}>
        {t.backToHorses}
      </Link>
    </section>
  );
}

export default function HorseDetailScreen() {
  const { horseId = "" } = useParams();
  const horse = useHorse(horseId);
  const missing = horse.error instanceof ApiError && horse.error.status === 404;
  useDocumentTitle(horse.data?.name ?? (missing ? errorsTexts.horseNotFound : null));
  if (horse.isPending) return <Spinner label={texts.common.loading} />;
  if (horse.isError) {
    if (missing) return <NotFound />;
    return (
      <LoadError
        message={`${t.loadHorseFailed} ${horse.error.message}`}
        onRetry={() => void horse.refetch()}
      />
    );
  }
  return <HorseDetailView horse={horse.data} />;
}

function HorseDetailView({ horse }: { horse: HorseDetail }) {
  const queryClient = useQueryClient();
  const records = useHorseRecords(horse.id);
  const picture = useChangePicture(horse.id);
  const [dialog, setDialog] = useState<null | "share" | "edit" | "ownership" | "record">(null);
  const openDialog = (name: typeof dialog) => () => setDialog(name);
  const onOpenChange = (open: boolean) => !open && setDialog(null);
  const today = format(new Date(), "yyyy-MM-dd");
  const born = format(parseISO(horse.dateOfBirth), "MMM d, yyyy");

  return (
    <>
      <Link
        to="/horses"
        className="-ml-2 mb-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t.title}
      </Link>
      <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-brand-900">{horse.name}</h1>
          {horse.badge ? (
            <p className="mt-1 inline-flex items-center gap-1.5 rounded-full bg-gold-400/30 px-3 py-1 text-sm font-semibold text-stone-900">
              <Trophy aria-hidden className="size-4 text-gold-600" />
              {horse.badge}
            </p>
          ) : null}
          <HorseAliases horseId={horse.id} horseName={horse.name} />
        </div>
        <Button variant="secondary" onClick={openDialog("share")}>
          <Share2 aria-hidden className="size-4" />
          {t.shareSchedule}
        </Button>
      </header>

      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section className="self-start overflow-hidden rounded-xl border border-stone-200 bg-white">
          <HorsePicture
            pictureId={horse.pictureId}
            alt={t.pictureOf(horse.name)}
            className="aspect-[4/3] w-full"
          />
          {horse.permissions.canEditDetails ? (
            <div className="flex flex-col gap-2 p-3">
              <ImagePickerButton
                label={t.changePicture}
                pendingLabel={t.uploading}
                pending={picture.isPending}
                onPick={(file) => picture.mutate(file)}
              />
              <ErrorAlert message={picture.error?.message} />
            </div>
          ) : null}
        </section>

        <div className="flex flex-col gap-4">
          <Panel
            title={t.details}
            action={
              horse.permissions.canEditDetails ? (
                <Button variant="ghost" onClick={openDialog("edit")}>
                  <Pencil aria-hidden className="size-4" />
                  {t.editDetails}
                </Button>
              ) : null
            }
          >
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-stone-600">{t.gender}</dt>
              <dd className="text-stone-900">{horse.gender ?? t.noGender}</dd>
              <dt className="text-stone-600">{t.age}</dt>
              <dd className="text-stone-900">{t.ageWithBirth(ageInYears(horse.dateOfBirth, today), born)}</dd>
              <dt className="text-stone-600">{t.canters}</dt>
              <dd className="text-stone-900">{horse.canters ? t.yes : t.no}</dd>
              <dt className="text-stone-600">{t.divisions}</dt>
              <dd>
                {horse.divisions.length === 0 ? (
                  <span className="text-stone-900">{t.noDivisions}</span>
                ) : (
                  <ul className="flex flex-wrap gap-1.5">
                    {horse.divisions.map((d) => (
                      <li
                        key={d}
                        className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800"
                      >
                        {divisionName(d)}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </dl>
          </Panel>
          <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-1">
            <Panel title={t.owners}>
              <People people={horse.owners} />
            </Panel>
            <Panel title={t.trainers}>
              <People people={horse.trainers} />
            </Panel>
          </div>
          {horse.permissions.canEditOwnership ? (
            <Button variant="secondary" onClick={openDialog("ownership")}>
              <Users aria-hidden className="size-4" />
              {t.editOwnership}
            </Button>
          ) : null}
        </div>
      </div>

      <div className="mt-6">
        <HorseStandings horseId={horse.id} />
      </div>

      <Suspense fallback={null}>
        <div className="mt-6 empty:hidden">
          <HorseWatchLinks horse={horse} />
        </div>
      </Suspense>

      <section className="mt-6">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-brand-900">{t.showRecords}</h2>
          <Button variant="secondary" onClick={openDialog("record")}>
            <Plus aria-hidden className="size-4" />
            {t.addRecord}
          </Button>
        </div>
        {records.isPending ? (
          <Spinner label={texts.common.loading} />
        ) : records.isError ? (
          <LoadError message={records.error.message} onRetry={() => void records.refetch()} />
        ) : records.data.records.length === 0 ? (
          <EmptyState title={profileTexts.noRecords} />
        ) : (
          <RecordList records={records.data.records} linkHorse={false} />
        )}
      </section>

      <ShareScheduleDialog
        horseId={horse.id}
        horseName={horse.name}
        open={dialog === "share"}
        onOpenChange={onOpenChange}
      />
      {horse.permissions.canEditDetails ? (
        <HorseFormDialog horse={horse} open={dialog === "edit"} onOpenChange={onOpenChange} />
      ) : null}
      {horse.permissions.canEditOwnership ? (
        <OwnershipDialog horse={horse} open={dialog === "ownership"} onOpenChange={onOpenChange} />
      ) : null}
      <AddRecordDialog
        open={dialog === "record"}
        onOpenChange={onOpenChange}
        defaultHorseId={horse.id}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: horsesKey })}
      />
    </>
  );
}
