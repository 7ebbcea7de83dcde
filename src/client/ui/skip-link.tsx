import { texts } from "#domain/texts/shell.ts";

/**
 * The first thing a keyboard reaches: jumps past the header to the page's main content (WCAG 2.4.1).
 * Hash routing owns the URL fragment, so the link moves focus itself instead of following `#id`.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        event.preventDefault();
        const target = document.getElementById(targetId);
        target?.focus();
        target?.scrollIntoView({ block: "start" });
      }}
      className="sr-only z-50 rounded-lg bg-white px-4 py-3 text-sm font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {texts.common.skipToContent}
    </a>
  );
}
