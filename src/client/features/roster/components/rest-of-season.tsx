import type { UseQueryResult } from "@tanstack/react-query";
import { LoadError } from "#client/ui/alert.tsx";
import { Spinner } from "#client/ui/page.tsx";
import type { Roster } from "#domain/contracts/roster.ts";
import { rosterRestTexts as t } from "#domain/texts/roster-rest.ts";

/**
 * Below the cards a page carried (issue 33: its first ones only) until the rest are there (the screen asks
 * for them): says whether they are on their way, waiting for the connection or could not be read.
 */
export default function RestOfSeason({ roster }: { roster: UseQueryResult<Roster> }) {
  const { refetch, fetchStatus, isError, error } = roster;
  if (fetchStatus === "paused")
    return (
      <p role="status" className="py-6 text-center text-sm text-stone-600">
        {t.offline}
      </p>
    );
  if (isError && fetchStatus === "idle")
    return <LoadError message={`${t.failed} ${error.message}`} onRetry={() => void refetch()} />;
  return <Spinner label={t.loading} />;
}
