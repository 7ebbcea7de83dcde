import type { ReactNode } from "react";
import { useHorseWatchLinks, useRevokeWatchLink } from "#client/features/watch/api/watch-links.ts";
import { LiveLinksSection } from "#client/features/watch/live-links-section.tsx";
import { ShareLiveButton } from "#client/features/watch/share-live-button.tsx";
import { watchTexts } from "#domain/texts/watch.ts";

const t = watchTexts.links;

/**
 * Horse detail's live links (issue 35, ADR 044): the horse's working links with who made each and when,
 * Revoke (after a confirmation), and "Share live" for each show running or to come. Shown only to the
 * people who may share the horse (the list answers 403 to anyone else). A lazy chunk.
 */
export default function HorseWatchLinks({ horse }: { horse: { id: string; name: string } }): ReactNode {
  const share = (show: { id: string; name: string }) => (
    <ShareLiveButton key={show.id} show={show} horse={horse} label={t.shareAt(show.name)} />
  );
  return (
    <LiveLinksSection
      id="horse-watch-links"
      intro={t.intro}
      query={useHorseWatchLinks(horse.id)}
      revoke={useRevokeWatchLink(horse.id)}
      share={share}
    />
  );
}
