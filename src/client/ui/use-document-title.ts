import { useEffect } from "react";
import { PRODUCT_NAME } from "#domain/texts/shell.ts";

/** "Your Roster — Ringside"; the product name alone when the page has no title of its own yet. */
export const documentTitle = (title: string | null | undefined): string =>
  title ? `${title} — ${PRODUCT_NAME}` : PRODUCT_NAME;

/**
 * Gives the page its own document title (WCAG 2.4.2), so a tab, the history list and a screen reader
 * arriving on the page say where the user is. PageHeader calls it with the page title; screens without
 * a PageHeader (show and horse detail, auth) call it themselves.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const text = documentTitle(title);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
