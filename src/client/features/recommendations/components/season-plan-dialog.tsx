import { CalendarDays, ChevronRight, MapPin } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "#client/app/routing.ts";
import { useSeasonPlan } from "#client/features/recommendations/api/get-season-plan.ts";
import {
  AiErrorPanel,
  AiOffline,
  AiThinking,
  aiErrorMessage,
  ProgressBar,
} from "#client/features/recommendations/components/ai-error.tsx";
import type { PickedHorse } from "#client/features/recommendations/components/horse-picker.tsx";
import { RecommendationList } from "#client/features/recommendations/components/recommendation-list.tsx";
import { useOnline } from "#client/lib/online.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { EmptyState } from "#client/ui/page.tsx";
import type { SeasonPlanShow } from "#domain/contracts/recommendations.ts";
import { formatShowDates } from "#domain/dates/show-dates.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { recommendationsTexts } from "#domain/texts/recommendations.ts";

const t = recommendationsTexts;
/** Sections rendered at a time: a whole season can hold hundreds of shows. */
const SECTIONS_STEP = 20;

/** The AI Season Plan: for each upcoming show, the recommended classes with reasons and a link to the show. */
export default function SeasonPlanDialog({ horse, onClose }: { horse: PickedHorse; onClose: () => void }) {
  const { plan, pages, total, done, complete } = useSeasonPlan(horse.id);
  const online = useOnline();
  const [visible, setVisible] = useState(SECTIONS_STEP);
  const shows = pages.flatMap((p) => p.shows);
  const shown = shows.filter((s) => s.status === "failed" || s.recommendations.length > 0);
  const empty = shows.length - shown.length;

  let body: ReactNode;
  if (plan.isPending) body = <AiThinking horse={horse.name} />;
  else if (plan.isError && shows.length === 0) {
    body = (
      <AiErrorPanel
        message={aiErrorMessage(plan.error, errorsTexts.seasonPlanUnknown)}
        onRetry={() => void plan.refetch()}
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        {!complete && !plan.isError ? (
          online ? (
            <ProgressBar done={done} total={total} />
          ) : (
            <AiOffline />
          )
        ) : null}
        {plan.isError ? (
          <AiErrorPanel
            message={aiErrorMessage(plan.error, errorsTexts.seasonPlanUnknown)}
            onRetry={() => void plan.fetchNextPage()}
          />
        ) : null}
        {complete && shown.length === 0 ? (
          <EmptyState title={t.noSuitableTitle}>{t.noSuitableSeason(horse.name)}</EmptyState>
        ) : (
          <ol className="flex flex-col gap-5">
            {shown.slice(0, visible).map((show) => (
              <li key={show.id}>
                <ShowSection show={show} onNavigate={onClose} />
              </li>
            ))}
          </ol>
        )}
        {shown.length > visible ? (
          <Button variant="secondary" onClick={() => setVisible((n) => n + SECTIONS_STEP)}>
            {t.showMore}
          </Button>
        ) : null}
        {complete && shown.length > 0 && empty > 0 ? (
          <p className="text-xs text-stone-600">{t.otherShows(empty)}</p>
        ) : null}
        {complete && shown.some((s) => s.recommendations.length > 0) ? (
          <p className="text-xs text-stone-600">{pages[0]?.source === "llm" ? t.fromLlm : t.fromRules}</p>
        ) : null}
      </div>
    );
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t.seasonPlanTitle}
      description={t.seasonPlanSubtitle(horse.name)}
      footer={<Button onClick={onClose}>{t.done}</Button>}
    >
      {body}
    </Modal>
  );
}

function ShowSection({ show, onNavigate }: { show: SeasonPlanShow; onNavigate: () => void }) {
  return (
    <section aria-labelledby={`plan-${show.id}`} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h3 id={`plan-${show.id}`} className="text-base leading-snug font-semibold text-brand-900">
            {show.name}
          </h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-stone-600">
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden className="size-3.5" />
              {formatShowDates(show.startDate, show.endDate)}
            </span>
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden className="size-3.5" />
              {show.location}
            </span>
          </p>
        </div>
        <Link
          to={`/shows/${show.id}`}
          onClick={onNavigate}
          className="-mr-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:bg-brand-50 hover:underline"
        >
          {t.viewShow}
          <span className="sr-only">: {show.name}</span>
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      </div>
      {show.status === "failed" ? (
        <ErrorAlert message={errorsTexts.seasonPlanShowFailed} />
      ) : (
        <RecommendationList items={show.recommendations} />
      )}
    </section>
  );
}
