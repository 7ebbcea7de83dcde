import { LogOut } from "lucide-react";
import { useNavigate } from "react-router";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { useSignOut } from "#client/features/auth/api/sign-out.ts";
import { Button } from "#client/ui/button.tsx";
import { EmptyState, PageHeader } from "#client/ui/page.tsx";
import { texts } from "#domain/texts.ts";

export default function ProfileScreen() {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (!me.data) return null;
  return (
    <>
      <PageHeader
        title={texts.profile.title}
        actions={
          <Button
            variant="secondary"
            disabled={signOut.isPending}
            onClick={() =>
              signOut.mutate(undefined, { onSettled: () => navigate("/auth", { replace: true }) })
            }
          >
            <LogOut aria-hidden className="size-4" />
            {texts.auth.signOut}
          </Button>
        }
      />
      <section className="mb-6 rounded-xl border border-stone-200 bg-white p-4">
        <p className="text-lg font-semibold text-stone-900">{me.data.name}</p>
        <p className="text-sm text-stone-600">{me.data.roles.join(", ")}</p>
        <p className="text-sm text-stone-600">{me.data.email}</p>
      </section>
      <EmptyState title={texts.profile.noRecords} />
    </>
  );
}
