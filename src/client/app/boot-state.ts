import { BOOT_STATE_ID, type BootState } from "#domain/app/boot-state.ts";

/** The page's own JSON, written by our server: its shape is checked only as far as starting needs. */
const isBootState = (value: unknown): value is BootState => {
  const v = value as Partial<BootState> | null;
  return (
    typeof v?.config === "object" && v.config !== null && (v.user === null || typeof v.user?.id === "string")
  );
};

/**
 * The boot state the server wrote into this page (ADR 015), or null: a page the service worker served
 * from its cache carries none, and the app then asks the API as it always did.
 */
export function readBootState(doc: Document = document): BootState | null {
  const block = doc.getElementById(BOOT_STATE_ID);
  // Read once and gone: after a sign-out the page keeps nothing of the person it was made for.
  block?.remove();
  const text = block?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isBootState(value) ? value : null;
  } catch {
    return null;
  }
}
