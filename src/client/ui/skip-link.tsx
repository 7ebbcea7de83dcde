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
      className="skip-link"
    >
      {texts.common.skipToContent}
    </a>
  );
}
