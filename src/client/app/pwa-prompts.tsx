import { Download, RefreshCw } from "lucide-react";
import { Button } from "#client/ui/button.tsx";
import { offlineTexts } from "#domain/texts/offline.ts";

const t = offlineTexts;

/**
 * The two things the person is asked about (pwa.ts), a lazy chunk the layout loads only when one is
 * there to show: most page loads never need it (ADR 015).
 */

/** 'Install app', shown only where the browser offers to install (Chromium's beforeinstallprompt). */
export function InstallButton({ install }: { install: () => void }) {
  return (
    <button
      type="button"
      onClick={install}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm text-brand-100 hover:text-white"
    >
      <Download aria-hidden className="size-4" />
      {t.install}
    </button>
  );
}

/** A new version is ready: the person chooses when to reload into it. */
export function UpdatePrompt({ update }: { update: () => void }) {
  return (
    <div className="mx-auto max-w-3xl px-4">
      <div
        role="status"
        className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-brand-300 bg-brand-50 px-3 py-2 text-sm text-brand-900"
      >
        <span className="min-w-0 flex-1">{t.updateReady}</span>
        <Button variant="secondary" onClick={update}>
          <RefreshCw aria-hidden className="size-4" />
          {t.updateNow}
        </Button>
      </div>
    </div>
  );
}
