import {
  type ComponentProps,
  type ComponentType,
  createElement,
  type LazyExoticComponent,
  lazy,
} from "react";

/** The loads that failed, each with the way to try it again on the next render. */
const failed = new Set<() => void>();

/**
 * React.lazy, but a load that failed (its chunk could not be fetched: offline, or gone after an upgrade) is
 * tried again: React.lazy keeps a rejected load for good, so each attempt is a new lazy component, made
 * when `retryFailedLoads()` is called (the load boundary's Retry, ADR 024) and rendered from then on.
 * `preload` starts the load before rendering and shares it with the render. Called at module level, like
 * React.lazy.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's, for any component's props
export function retryingLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let current: LazyExoticComponent<T>;
  let pending: Promise<{ default: T }> | null = null;
  const start = () => {
    pending ??= load().catch((error: unknown) => {
      failed.add(attempt);
      throw error;
    });
    return pending;
  };
  const attempt = () => {
    pending = null;
    current = lazy(start);
  };
  attempt();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy part, at module level
  const Part = (props: ComponentProps<T>) => createElement(current, props);
  return Object.assign(Part, { preload: start });
}

/** Makes every load that failed start again when its part next renders. */
export function retryFailedLoads(): void {
  for (const retry of failed) retry();
  failed.clear();
}
