import type { ComponentProps } from "react";
import { Button } from "#client/ui/button.tsx";
import { useHydrated } from "#client/ui/use-hydrated.ts";

/**
 * A Button that is not ready in the page the server rendered until it has hydrated: a tap then would do
 * nothing, so it is disabled and looks it (issue 33, ADR 040). A leaf of its own, so that only it renders
 * again when it becomes ready: a screen that rendered again at that moment would have React draw anew any
 * lazy part of it not yet hydrated (losing what was typed or chosen there).
 */
export function ReadyButton({ disabled, ...props }: ComponentProps<typeof Button>) {
  const ready = useHydrated();
  return <Button disabled={disabled || !ready} {...props} />;
}
