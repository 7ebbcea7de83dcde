import { setImmediate as nextTurn } from "node:timers/promises";

/** How long long work may hold the event loop before it gives way (issue 31, ADR 030). */
export const SLICE_MS = 10;

/**
 * Long work on the event loop in slices: `await turn()` between its steps gives the loop back once
 * `sliceMs` have passed since the work last gave way, so other requests, live events and timers wait
 * a slice at most. Time rather than a count of steps, because a step's cost depends on the input and
 * on how busy the machine is. A turn that does not give way costs a resolved promise.
 */
export function slicer(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
