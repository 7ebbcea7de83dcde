import { startTransition, useEffect, useState } from "react";
import { whenIdle } from "#client/lib/when-idle.ts";

/**
 * How many of `total` items a long list renders now: the first `first` at once, then `step` more in
 * each idle moment until all are there. A season's roster is thousands of elements; rendered in one go
 * it is one long task on a phone (issue 13, total blocking time), while the first screenful is all the
 * first paint needs. Items are only ever added at the end, below what is shown, so nothing moves.
 */
export function useProgressiveCount(total: number, { first = 6, step = 6 } = {}): number {
  const [count, setCount] = useState(first);
  const shown = Math.min(count, total);
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => startTransition(() => setCount((c) => c + step)), 200);
  }, [shown, total, step]);
  return shown;
}
