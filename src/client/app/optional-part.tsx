import { type ComponentType, lazy, Suspense, useMemo, useState } from "react";

const Nothing = () => null;

/**
 * A lazily loaded part of the layout the app works without (the live stream, the connection bar, the
 * install and update prompts). If its chunk cannot be fetched — the connection dropped before it came,
 * and no service worker has it yet — it is left out, rather than taking the screen down with it (a
 * failed lazy load is an error React would raise through the whole app), and fetched again when the
 * connection returns. `load` must be the same function on every render (a module-level constant).
 */
export function OptionalPart<P extends object>({
  load,
  props,
}: {
  load: () => Promise<{ default: ComponentType<P> }>;
  props: P;
}) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React keeps what a lazy load gave for good.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what asks for a fresh load
  const Part = useMemo(
    () =>
      lazy(() =>
        load().catch(() => {
          window.addEventListener("online", () => setAttempt((n) => n + 1), { once: true });
          return { default: Nothing as ComponentType<P> };
        }),
      ),
    [load, attempt],
  );
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
}
