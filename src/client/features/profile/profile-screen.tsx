import { format } from "date-fns";
import { Bell, LogOut, Pencil } from "lucide-react";
import { Tabs } from "radix-ui";
import type { ComponentProps } from "react";
import { type ComponentType, lazy, Suspense, useState } from "react";
import { Link, useSearchParams } from "#client/app/routing.ts";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { useSignOut } from "#client/features/auth/api/sign-out.ts";
import { useChangePhoto } from "#client/features/profile/api/change-photo.ts";
import { useFriends } from "#client/features/profile/api/list-friends.ts";
import { EditProfileDialog } from "#client/features/profile/components/edit-profile-dialog.tsx";
import { FindabilitySetting } from "#client/features/profile/components/findability-setting.tsx";
import { FriendsTab } from "#client/features/profile/components/friends-tab.tsx";
import { RecordsTab } from "#client/features/profile/components/records-tab.tsx";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { buttonClass } from "#client/ui/button.tsx";
import { ImagePickerButton } from "#client/ui/image-picker-button.tsx";
import { PageHeader } from "#client/ui/page.tsx";
import { PersonPhoto } from "#client/ui/placeholders.tsx";
import { ReadyButton } from "#client/ui/ready-button.tsx";
import { useHydrated } from "#client/ui/use-hydrated.ts";
import { ageInYears, isDateOnly } from "#domain/people/age.ts";

import { authTexts } from "#domain/texts/auth.ts";
import { horsesTexts } from "#domain/texts/horses.ts";
import { profileTexts } from "#domain/texts/profile.ts";
import { pushTexts } from "#domain/texts/push.ts";

// Show day's alert setting (issue 21), its own chunk; a notification settings screen may take it over.
// If its chunk cannot be fetched (the signal went), the profile goes on without it.
const ClassAlertSetting = lazy<ComponentType>(() =>
  import("#client/features/show-day/components/class-alert-setting.tsx").catch(() => ({
    default: () => null,
  })),
);

const t = profileTexts;
const tabClass =
  "inline-flex min-h-11 flex-1 items-center justify-center border-b-2 border-transparent px-3 text-sm font-semibold text-stone-600 hover:text-brand-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 disabled:cursor-progress disabled:opacity-60";

export default function ProfileScreen() {
  const me = useMe();
  const signOut = useSignOut();
  const photo = useChangePhoto();
  const friends = useFriends();
  const [editing, setEditing] = useState(false);
  const [params] = useSearchParams();
  if (!me.data) return null;
  const user = me.data;
  const today = format(new Date(), "yyyy-MM-dd");
  const age =
    user.dateOfBirth && isDateOnly(user.dateOfBirth)
      ? t.ageYears(ageInYears(user.dateOfBirth, today))
      : t.notSet;

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <ReadyButton variant="secondary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            <LogOut aria-hidden className="size-4" />
            {authTexts.signOut}
          </ReadyButton>
        }
      />
      <section className="mb-6 rounded-xl border border-stone-200 bg-white p-4">
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
          <div className="flex flex-col items-center gap-2">
            <PersonPhoto photoId={user.photoId} alt={t.photoOf(user.name)} className="size-24 rounded-full" />
            <ImagePickerButton
              variant="ghost"
              label={t.changePhoto}
              pendingLabel={horsesTexts.uploading}
              pending={photo.isPending}
              onPick={(file) => photo.mutate(file)}
            />
          </div>
          <div className="min-w-0 flex-1">
            <p className="text-xl font-semibold break-words text-stone-900">{user.name}</p>
            <p className="text-sm font-medium text-brand-700">{user.roles.join(", ")}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm">
              <dt className="text-stone-600">{t.email}</dt>
              <dd className="break-all text-stone-900">{user.email}</dd>
              <dt className="text-stone-600">{t.gender}</dt>
              <dd className="text-stone-900">{user.gender ?? t.notSet}</dd>
              <dt className="text-stone-600">{t.age}</dt>
              <dd className="text-stone-900">{age}</dd>
            </dl>
            <div className="mt-3 flex flex-wrap gap-2">
              <ReadyButton variant="secondary" onClick={() => setEditing(true)}>
                <Pencil aria-hidden className="size-4" />
                {t.editProfile}
              </ReadyButton>
              <Link to="/profile/notifications" className={buttonClass("secondary")}>
                <Bell aria-hidden className="size-4" />
                {pushTexts.settingsLink}
              </Link>
            </div>
          </div>
        </div>
        <div className="mt-3">
          <ErrorAlert message={photo.error?.message} />
        </div>
      </section>

      <Suspense fallback={null}>
        <ClassAlertSetting />
      </Suspense>
      <FindabilitySetting />

      <Tabs.Root defaultValue={params.get("tab") === "friends" ? "friends" : "records"}>
        <Tabs.List aria-label={t.title} className="mb-4 flex border-b border-stone-200">
          <ProfileTab value="records">{t.showRecords}</ProfileTab>
          <ProfileTab value="friends">{t.friendsCount(friends.data?.friends.length ?? 0)}</ProfileTab>
        </Tabs.List>
        <Tabs.Content value="records">
          <RecordsTab />
        </Tabs.Content>
        <Tabs.Content value="friends">
          <FriendsTab friends={friends} />
        </Tabs.Content>
      </Tabs.Root>
      <EditProfileDialog me={user} open={editing} onOpenChange={setEditing} />
    </>
  );
}

/**
 * A tab (Records / Friends), not ready in the page the server rendered until it has hydrated (issue 33). A leaf of its
 * own, so that only it renders again then: the screen rendering again would have React draw anew its lazy
 * parts not yet hydrated.
 */
function ProfileTab(props: Omit<ComponentProps<typeof Tabs.Trigger>, "className">) {
  const ready = useHydrated();
  return <Tabs.Trigger disabled={!ready} className={tabClass} {...props} />;
}
