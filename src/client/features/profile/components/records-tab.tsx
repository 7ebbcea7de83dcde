import { EyeOff, Plus } from "lucide-react";
import { useState } from "react";
import { useMyRecords } from "#client/features/records/api/list-records.ts";
import { AddRecordDialog } from "#client/features/records/components/add-record-dialog.tsx";
import { RecordList } from "#client/features/records/components/record-list.tsx";
import { useHideResult } from "#client/features/results/api/hide-result.ts";
import { LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { EmptyState, Spinner } from "#client/ui/page.tsx";
import { ReadyButton } from "#client/ui/ready-button.tsx";
import { profileTexts } from "#domain/texts/profile.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import { texts } from "#domain/texts/shell.ts";

const t = profileTexts;

export function RecordsTab() {
  const records = useMyRecords();
  const [adding, setAdding] = useState(false);
  const hide = useHideResult();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-brand-900">{t.showRecords}</h2>
        <ReadyButton variant="secondary" onClick={() => setAdding(true)}>
          <Plus aria-hidden className="size-4" />
          {t.addRecord}
        </ReadyButton>
      </div>
      {records.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : records.isError ? (
        <LoadError
          message={`${t.loadFailed} ${records.error.message}`}
          onRetry={() => void records.refetch()}
        />
      ) : records.data.records.length === 0 ? (
        <EmptyState title={t.noRecords} />
      ) : (
        <RecordList
          records={records.data.records}
          hideAction={(r) => (
            <Button
              variant="ghost"
              disabled={hide.isPending}
              aria-label={resultsTexts.records.hideLabel(r.showName, r.className)}
              onClick={() => hide.mutate(r.id)}
            >
              <EyeOff aria-hidden className="size-4" />
              {resultsTexts.records.hide}
            </Button>
          )}
        />
      )}
      <AddRecordDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
