/**
 * Runs `callback` in the browser's next idle moment (at the latest after `timeoutMs`), or in the next task
 * where there is no requestIdleCallback (Safari). Returns the way to call it off.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 0);
  return () => clearTimeout(id);
}
