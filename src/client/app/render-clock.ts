import { createContext } from "react";

/**
 * The instant the server rendered the page at (ADR 040), while that page is rendered and hydrated: the
 * live ring's estimates are made for it on both sides, so the browser's first render matches the markup.
 */
export const RenderClock = createContext<number | null>(null);
