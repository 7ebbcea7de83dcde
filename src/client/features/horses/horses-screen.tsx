import { Plus } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "#client/app/routing.ts";
import { useHorseList } from "#client/features/horses/api/list-horses.ts";
import { HorseCard } from "#client/features/horses/components/horse-card.tsx";
import { HorseFormDialog } from "#client/features/horses/components/horse-form-dialog.tsx";
import { LoadError } from "#client/ui/alert.tsx";
import { buttonClass } from "#client/ui/button.tsx";
import { HorseIcon } from "#client/ui/icons.tsx";
import { EmptyState, PageHeader, Spinner } from "#client/ui/page.tsx";
import { ReadyButton } from "#client/ui/ready-button.tsx";
import { horsesTexts } from "#domain/texts/horses.ts";
import { texts } from "#domain/texts/shell.ts";

export default function HorsesScreen() {
  const horses = useHorseList();
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();

  return (
    <>
      <PageHeader
        title={horsesTexts.title}
        actions={
          <>
            <Link to="/standings" className={buttonClass("ghost")}>
              {horsesTexts.standings}
            </Link>
            <ReadyButton onClick={() => setAdding(true)}>
              <Plus aria-hidden className="size-4" />
              {horsesTexts.addHorse}
            </ReadyButton>
          </>
        }
      />
      {horses.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : horses.isError ? (
        <LoadError
          message={`${horsesTexts.loadFailed} ${horses.error.message}`}
          onRetry={() => void horses.refetch()}
        />
      ) : horses.data.horses.length === 0 ? (
        <EmptyState title={horsesTexts.empty} icon={<HorseIcon className="size-8" />} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {horses.data.horses.map((h) => (
            <HorseCard key={h.id} id={h.id} name={h.name} pictureId={h.pictureId}>
              {h.gender ?? horsesTexts.noGender}
            </HorseCard>
          ))}
        </ul>
      )}
      <HorseFormDialog
        open={adding}
        onOpenChange={setAdding}
        onSaved={(horse) => navigate(`/horses/${horse.id}`)}
      />
    </>
  );
}
