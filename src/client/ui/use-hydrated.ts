import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/**
 * False in the page the server rendered and while the browser hydrates it (React reads the server's
 * answer then), true from the render after; true at once on a screen the browser renders itself, so a
 * screen opened in the app never flashes its controls as not ready. Ring control's and Standings' controls
 * are disabled and dimmed while it is false: a tap before the script runs does nothing, and is seen to (issue 33).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
