/**
 * Ringside's hash router: the part of react-router's API the app uses (a route table of nested
 * objects, <Outlet>, links, redirects, params and URL-kept search params), in about 2 KiB instead
 * of react-router's 29 KiB on the first load (docs/decisions/015-first-load.md). Screens import its
 * primitives through routing.ts only.
 *
 * Semantics kept from react-router's hash router: the location lives after `#` (`/#/planner?x=1`);
 * history.state carries `{ usr, key, idx }` (show detail reads `idx` to know whether Back stays in
 * the app); a link to the current location replaces instead of pushing; route matching ranks
 * routes by specificity (static > :param > *), ignores case and a trailing slash, and decodes params;
 * location updates render in a transition, so a lazy screen keeps the previous one until it loads.
 */
import {
  type AnchorHTMLAttributes,
  type ComponentType,
  createContext,
  lazy,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { matchRoutes, type RouteMatch, type RouteObject } from "#client/app/route-match.ts";

export type { RouteObject };

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
}

interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

function historyState(): HistoryState {
  const state: unknown = window.history.state;
  return state && typeof state === "object" ? (state as HistoryState) : {};
}

function readLocation(): Location {
  const raw = window.location.hash.slice(1);
  const at = raw.indexOf("?");
  const path = at === -1 ? raw : raw.slice(0, at);
  const search = at === -1 ? "" : raw.slice(at);
  const state = historyState();
  return {
    pathname: path.startsWith("/") ? path : `/${path}`,
    search: search === "?" ? "" : search,
    hash: "",
    state: state.usr ?? null,
    key: state.key ?? "default",
  };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `to` resolved against the current location: absolute, search-only (`?a=1`) or relative to the path. */
export function resolveTo(to: string, from: Pick<Location, "pathname">): string {
  if (to.startsWith("/")) return to;
  if (to.startsWith("?") || to === "") return `${from.pathname}${to === "?" ? "" : to}`;
  return `${from.pathname.replace(/\/+$/, "")}/${to}`;
}

export interface Router {
  readonly routes: RouteObject[];
  location(): Location;
  navigate(to: string | number, options?: NavigateOptions): void;
  subscribe(listener: () => void): () => void;
}

/** The app's router over the URL's hash. Starts loading the current screen's chunk at once. */
export function createHashRouter(routes: RouteObject[]): Router {
  const listeners = new Set<() => void>();
  let current = readLocation();
  let index = historyState().idx ?? 0;
  if (historyState().idx === undefined) {
    window.history.replaceState({ ...historyState(), idx: index }, "");
  }
  const notify = () => {
    current = readLocation();
    index = historyState().idx ?? index;
    for (const listener of listeners) listener();
  };
  const onPop = () => {
    // A hash typed or set by a script is a new entry without our state: number and key it like a
    // push, so Back counts it and a <Navigate key={location.key}> redirects again from it.
    if (historyState().idx === undefined) {
      index += 1;
      window.history.replaceState({ ...historyState(), key: newKey(), idx: index }, "");
    }
    notify();
  };
  window.addEventListener("popstate", onPop);

  // The screen's code downloads alongside the session check instead of after it (issue 13).
  preloadMatches(matchRoutes(routes, current.pathname));

  return {
    routes,
    location: () => current,
    navigate(to, options = {}) {
      if (typeof to === "number") {
        window.history.go(to);
        return;
      }
      const target = resolveTo(to, current);
      const state: HistoryState = { usr: options.state, key: newKey() };
      if (options.replace) {
        window.history.replaceState({ ...state, idx: index }, "", `#${target}`);
      } else {
        index += 1;
        window.history.pushState({ ...state, idx: index }, "", `#${target}`);
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A lazy screen (React.lazy) that can start loading before it renders: the router preloads the
 * screen of the first location while the session is checked.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return Object.assign(lazy(load), { preload: load });
}

/** Calls `preload()` on lazy screens among the matched elements (see `lazyScreen`). */
function preloadMatches(matches: RouteMatch[] | null) {
  for (const match of matches ?? []) {
    const type = (match.route.element as ReactElement | undefined)?.type as
      | { preload?: () => unknown }
      | undefined;
    type?.preload?.();
  }
}

interface RouteContextValue {
  router: Router;
  location: Location;
  matches: RouteMatch[];
  depth: number;
}

const RouteContext = createContext<RouteContextValue | null>(null);

function useRouteContext(): RouteContextValue {
  const value = useContext(RouteContext);
  if (!value) throw new Error("Routing primitives need a <RouterProvider> above them.");
  return value;
}

export function RouterProvider({ router }: { router: Router }) {
  const [location, setLocation] = useState(router.location);
  useEffect(() => {
    const update = () => startTransition(() => setLocation(router.location()));
    // A navigation between the first render and this effect (a redirect) must not be missed.
    update();
    return router.subscribe(update);
  }, [router]);
  const matches = useMemo(
    () => matchRoutes(router.routes, location.pathname) ?? [],
    [router, location.pathname],
  );
  const value = useMemo(() => ({ router, location, matches, depth: 0 }), [router, location, matches]);
  return <RouteContext.Provider value={value}>{renderMatch(value)}</RouteContext.Provider>;
}

/** A stable id per route object, so a different route at the same depth mounts afresh. */
const routeIds = new WeakMap<RouteObject, number>();
let lastRouteId = 0;
const routeId = (route: RouteObject) => {
  let id = routeIds.get(route);
  if (id === undefined) {
    lastRouteId += 1;
    id = lastRouteId;
    routeIds.set(route, id);
  }
  return id;
};

function renderMatch(value: RouteContextValue): ReactNode {
  const match = value.matches[value.depth];
  if (!match) return null;
  // Keyed by route: /barn and /admin both render <RequireRole><Navigate/></RequireRole>, and the
  // second must redirect too, even while a transition keeps the first on screen.
  return (
    <RouteContext.Provider key={routeId(match.route)} value={value}>
      {match.route.element ?? <Outlet />}
    </RouteContext.Provider>
  );
}

/** Where a layout route renders its matched child route. */
export function Outlet() {
  const value = useRouteContext();
  return renderMatch({ ...value, depth: value.depth + 1 });
}

export function useLocation(): Location {
  return useRouteContext().location;
}

export function useNavigate(): NavigateFunction {
  const { router } = useRouteContext();
  return useCallback(
    (to: string | number, options?: NavigateOptions) => router.navigate(to, options),
    [router],
  ) as NavigateFunction;
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  const { matches } = useRouteContext();
  return matches[matches.length - 1]?.params ?? {};
}

export type SearchParamsInit =
  | string
  | URLSearchParams
  | Record<string, string | string[]>
  | [string, string][];

function toSearchParams(init: SearchParamsInit): URLSearchParams {
  if (typeof init === "string" || init instanceof URLSearchParams || Array.isArray(init)) {
    return new URLSearchParams(init);
  }
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(init)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  }
  return params;
}

export type SetSearchParams = (
  next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/** The location's search params and a setter that navigates to the same path with new ones. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { router, location } = useRouteContext();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const now = router.location();
      const init = typeof next === "function" ? next(new URLSearchParams(now.search)) : next;
      const search = toSearchParams(init).toString();
      router.navigate(`${now.pathname}${search ? `?${search}` : ""}`, options);
    },
    [router],
  );
  return [params, setParams];
}

/** Redirects once, when it mounts (key it by location to redirect again). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const { router } = useRouteContext();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a mounted <Navigate> redirects once, as react-router's does.
  useEffect(() => router.navigate(to, { replace, state }), []);
  return null;
}

const isPlainLeftClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

interface LinkOwnProps {
  to: string;
  replace?: boolean;
  state?: unknown;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

export type LinkProps = LinkOwnProps & AnchorProps & { ref?: React.Ref<HTMLAnchorElement> };

/** An `<a href="#/…">` whose plain clicks navigate in the page. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { router, location } = useRouteContext();
  const path = resolveTo(to, location);
  return (
    <a
      {...rest}
      target={target}
      href={`#${path}`}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== "_self")) return;
        event.preventDefault();
        // A link to where the page already is replaces the entry, so Back leaves it in one step.
        const here = `${location.pathname}${location.search}`;
        router.navigate(path, { replace: replace ?? here === path, state });
      }}
    />
  );
}

interface NavLinkState {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export type NavLinkProps = Omit<LinkProps, "className" | "children" | "style"> & {
  className?: string | ((state: NavLinkState) => string | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
  style?: React.CSSProperties | ((state: NavLinkState) => React.CSSProperties | undefined);
  end?: boolean;
};

/** A link that knows whether it points at the current screen (or one below it, unless `end`). */
export function NavLink({ to, end, className, children, style, ...rest }: NavLinkProps) {
  const { location } = useRouteContext();
  const target = resolveTo(to, location).split("?")[0]!.replace(/\/+$/, "").toLowerCase() || "/";
  const here = location.pathname.replace(/\/+$/, "").toLowerCase() || "/";
  const isActive = here === target || (!end && target !== "/" && here.startsWith(`${target}/`));
  const state: NavLinkState = { isActive, isPending: false, isTransitioning: false };
  const classes =
    typeof className === "function"
      ? className(state)
      : [className, isActive ? "active" : ""].filter(Boolean).join(" ") || undefined;
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={classes}
      style={typeof style === "function" ? style(state) : style}
    >
      {typeof children === "function" ? children(state) : children}
    </Link>
  );
}
