import type { Me, PublicConfig } from "#domain/contracts/auth.ts";

/**
 * What the server writes into the page it serves for a navigation, so the app starts without asking
 * (ADR 015): the signed-in user (or null) and the public configuration. Read once at start; a page
 * the service worker serves from its cache has none, and the app then asks the API as before.
 */
export interface BootState {
  user: Me | null;
  config: PublicConfig;
  /**
   * Set when the server rendered the screen into the page (ADR 019): the address and calendar day it
   * rendered for, the instant it rendered at (the live ring's estimates are made for it), and the
   * screen's queries (TanStack Query's dehydrated state), so the browser hydrates the markup from the
   * same data and clock without asking for it again.
   */
  rendered?: { path: string; today: string; now: number; queries: unknown };
}

/** The id of the `<script type="application/json">` element that carries the boot state. */
export const BOOT_STATE_ID = "ringside-boot";
