import { createContext } from "react";

/** The viewer's calendar day as the server worked it out, for the page it renders (ADR 019). */
export const RenderDay = createContext<string | null>(null);
