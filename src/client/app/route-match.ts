/**
 * Route matching for the hash router (hash-router.tsx), kept pure so it is table-tested. A route
 * table is react-router's object form: `{ path, index, element, children }`; a route without a path
 * is a layout around its children. The most specific route wins whatever its place in the table:
 * static segments over `:params` over `*`, as react-router ranks them.
 */
import type { ReactNode } from "react";

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  params: Readonly<Record<string, string | undefined>>;
}

interface Branch {
  chain: RouteObject[];
  segments: string[];
  score: number;
}

const segmentsOf = (path: string) => path.split("/").filter(Boolean);

function score(segments: string[], index: boolean): number {
  let total = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") total -= 2;
    else if (segment.startsWith(":")) total += 3;
    else total += 10;
  }
  return total;
}

function flatten(routes: RouteObject[], parents: RouteObject[] = [], base: string[] = []): Branch[] {
  return routes.flatMap((route) => {
    const chain = [...parents, route];
    const segments = [...base, ...segmentsOf(route.path ?? "")];
    const own: Branch[] =
      route.index || (route.path !== undefined && !route.children)
        ? [{ chain, segments, score: score(segments, !!route.index) }]
        : [];
    return [...own, ...flatten(route.children ?? [], chain, segments)];
  });
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchBranch(branch: Branch, parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < branch.segments.length; i += 1) {
    const segment = branch.segments[i]!;
    if (segment === "*") {
      params["*"] = parts.slice(i).map(decode).join("/");
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(":")) params[segment.slice(1)] = decode(part);
    else if (segment.toLowerCase() !== decode(part).toLowerCase()) return null;
  }
  return parts.length === branch.segments.length ? params : null;
}

/** The chain of routes (outermost first) that renders `pathname`, with its params; null if none. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const parts = segmentsOf(pathname);
  const branches = flatten(routes).sort((a, b) => b.score - a.score);
  for (const branch of branches) {
    const params = matchBranch(branch, parts);
    if (params) return branch.chain.map((route) => ({ route, params }));
  }
  return null;
}
