import type { ReactNode } from "react";
import { Route, Switch } from "wouter";

/**
 * Renders `children` as if the page were at `location` matched by `path`: a screen that reads its route's
 * params (useParams) shown inside another one, as the planner shows a show's detail beside its list from
 * 1280 px (ADR 047). The address stays the page's own.
 */
export function RouteAt({
  path,
  location,
  children,
}: {
  path: string;
  location: string;
  children: ReactNode;
}) {
  return (
    <Switch location={location}>
      <Route path={path}>{children}</Route>
    </Switch>
  );
}
