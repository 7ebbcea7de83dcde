import { UserPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "#client/app/routing.ts";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { useBarn } from "#client/features/barn/api/get-barn.ts";
import { InviteDialog } from "#client/features/barn/components/invite-dialog.tsx";
import { LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { HorseIcon } from "#client/ui/icons.tsx";
import { EmptyState, PageHeader, Spinner } from "#client/ui/page.tsx";
import { HorsePicture } from "#client/ui/placeholders.tsx";
import { barnTexts } from "#domain/texts/barn.ts";
import { texts } from "#domain/texts/shell.ts";

const t = barnTexts;

// Live links of the barn at a show (issue 35, ADR 050): a chunk of their own, shown once it has something.
const BarnWatchLinks = lazy(() =>
  import("#client/features/watch/barn-watch-links.tsx").catch(() => ({ default: () => null })),
);

export default function BarnScreen() {
  const barn = useBarn();
  const me = useMe();
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <Button onClick={() => setInviting(true)}>
            <UserPlus aria-hidden className="size-4" />
            {t.inviteCustomers}
          </Button>
        }
      />
      {barn.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : barn.isError ? (
        <LoadError message={`${t.loadFailed} ${barn.error.message}`} onRetry={() => void barn.refetch()} />
      ) : barn.data.horses.length === 0 ? (
        <EmptyState title={t.emptyTitle} icon={<HorseIcon className="size-8" />}>
          {t.emptyBody}
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-3">
          {barn.data.horses.map((h) => (
            <li key={h.id}>
              <Link
                to={`/horses/${h.id}`}
                className="group flex h-full gap-3 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:border-brand-200 hover:shadow-md min-[420px]:flex-col min-[420px]:gap-0"
              >
                <HorsePicture
                  pictureId={h.pictureId}
                  alt=""
                  className="aspect-square w-24 shrink-0 min-[420px]:aspect-[4/3] min-[420px]:w-full"
                />
                <div className="flex min-w-0 flex-col justify-center py-2 pr-3 min-[420px]:px-3 min-[420px]:py-2.5">
                  <p className="font-semibold break-words text-stone-900 group-hover:text-brand-800">
                    {h.name}
                  </p>
                  <p className="text-sm break-words text-stone-600">
                    {t.owner}
                    {h.owners.length > 0 ? h.owners.map((o) => o.name).join(", ") : t.notAvailable}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Suspense fallback={null}>
        <div className="mt-6 empty:hidden">
          <BarnWatchLinks />
        </div>
      </Suspense>
      {me.data ? <InviteDialog trainerId={me.data.id} open={inviting} onOpenChange={setInviting} /> : null}
    </>
  );
}
