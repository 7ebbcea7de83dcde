import type { ReactNode } from "react";
import { useBarnWatchLinks, useRevokeBarnWatchLink } from "#client/features/watch/api/watch-links.ts";
import { LiveLinksSection } from "#client/features/watch/live-links-section.tsx";
import { ShareLiveButton } from "#client/features/watch/share-live-button.tsx";
import { watchTexts } from "#domain/texts/watch.ts";

/**
 * The barn screen's live links (issue 35, ADR 050): the barn's working links with who made each and
 * when, Revoke, and "Share live" for each show running or to come that the barn has horses entered at.
 * Nothing while there is neither. A lazy chunk.
 */
export default function BarnWatchLinks(): ReactNode {
  return (
    <LiveLinksSection
      id="barn-watch-links"
      intro={watchTexts.links.barnIntro}
      query={useBarnWatchLinks()}
      revoke={useRevokeBarnWatchLink()}
      hideWhenEmpty
      share={(show) => (
        <ShareLiveButton key={show.id} show={show} barn label={watchTexts.links.barnShareAt(show.name)} />
      )}
    />
  );
}
