/**
 * Path routes on wouter (ADR 019), behind the names screens have always used (routing.ts): `Link`,
 * `NavLink`, `Navigate`, `useLocation`, `useNavigate`, `useParams`, `useSearchParams`. wouter matches
 * routes, renders links and keeps search params; this module adds what the app relied on before:
 *
 * - history.state carries `{ usr, key, idx }`, so show detail knows whether Back stays in the app
 *   (`historyIndex()`), and a location has a `key` a `<Navigate key={…}>` can redirect again from;
 * - a link to the current location replaces instead of pushing;
 * - location changes render in a transition, so a lazy screen keeps the previous one on screen until
 *   it loads, and a long screen renders in slices;
 * - matching ignores case and decodes params (the spec's links), from the route table both the client
 *   and the server use (#domain/app/page-routes.ts);
 * - on the server the location comes from the request (`ssr`), and nothing touches `window`.
 */
import {
  type AnchorHTMLAttributes,
  type ComponentType,
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import {
  useParams as useRouteParams,
  useSearchParams as useRouteSearchParams,
  Link as WouterLink,
  Router as WouterRouter,
} from "wouter";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { routePattern } from "#domain/app/page-routes.ts";

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

const isBrowser = typeof window !== "undefined";

function historyState(): HistoryState {
  const state: unknown = isBrowser ? window.history.state : null;
  return state && typeof state === "object" ? (state as HistoryState) : {};
}

/** How many entries into the app's history this one is: 0 for the page the visit started on. */
export const historyIndex = (): number => historyState().idx ?? 0;

function readLocation(): Location {
  const state = historyState();
  return {
    pathname: window.location.pathname,
    // The browser reports a bare "?" as no search at all.
    search: window.location.search,
    hash: window.location.hash,
    state: state.usr ?? null,
    key: state.key ?? "default",
  };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
if (isBrowser) {
  // The page the visit starts on is entry 0; Back from a later one pops to it with its state.
  if (historyState().idx === undefined) window.history.replaceState({ ...historyState(), idx: 0 }, "");
  window.addEventListener("popstate", notify);
}

/** Navigates the page (pushes, or replaces with `replace`), from anywhere: a component or app start-up. */
export function navigate(to: string | number, options: NavigateOptions = {}): void {
  if (typeof to === "number") {
    window.history.go(to);
    return;
  }
  const index = historyIndex();
  const state: HistoryState = { usr: options.state, key: newKey() };
  if (options.replace) window.history.replaceState({ ...state, idx: index }, "", to);
  else window.history.pushState({ ...state, idx: index + 1 }, "", to);
  notify();
}

export const currentLocation = (): Location => readLocation();

/**
 * The app's old hash links (`/#/planner?x=1`, in bookmarks, emails and the spec) become the path form
 * once, before anything reads the location. Answers whether it moved the page.
 */
export function adoptHashRoute(path: string | null): boolean {
  if (!path) return false;
  window.history.replaceState(null, "", path);
  return true;
}

const LocationContext = createContext<Location | null>(null);

function useRouteLocation(): Location {
  const value = useContext(LocationContext);
  if (!value) throw new Error("Routing primitives need a <PathRouter> above them.");
  return value;
}

// wouter reads the location through these hooks, so it follows the transition-rendered location.
const wouterNavigate = (to: string, options?: NavigateOptions) =>
  navigate(to, { replace: options?.replace, state: options?.state });
const useWouterLocation = (): [string, typeof wouterNavigate] => [
  useRouteLocation().pathname,
  wouterNavigate,
];
const useWouterSearch = (): string => useRouteLocation().search.replace(/^\?/, "");
const parser = (path: string, loose?: boolean) => routePattern(path, loose);

/**
 * The router: the browser's location (updated in a transition), or on the server the requested one.
 */
export function PathRouter({
  ssr,
  children,
}: {
  ssr?: { pathname: string; search: string };
  children: ReactNode;
}) {
  const [location, setLocation] = useState<Location>(() =>
    ssr ? { ...ssr, hash: "", state: null, key: "default" } : readLocation(),
  );
  useEffect(() => {
    const update = () => startTransition(() => setLocation(readLocation()));
    // A navigation between the first render and this effect (a redirect) must not be missed.
    update();
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return (
    <LocationContext.Provider value={location}>
      <WouterRouter hook={useWouterLocation} searchHook={useWouterSearch} parser={parser}>
        {children}
      </WouterRouter>
    </LocationContext.Provider>
  );
}

/**
 * A lazy screen that can start loading before it renders (the router preloads the screen of the first
 * location while the rest of the app starts), and load again after a failure (ADR 024).
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return retryingLazy(load);
}

export function useLocation(): Location {
  return useRouteLocation();
}

export function useNavigate(): NavigateFunction {
  return navigate as NavigateFunction;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The matched route's params, decoded. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  const raw = useRouteParams() as Record<string, string | undefined>;
  return useMemo(
    () => Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, value && decode(value)])),
    [raw],
  );
}

export type SearchParamsInit = string | URLSearchParams | Record<string, string> | [string, string][];

export type SetSearchParams = (
  next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/** The location's search params and a setter that navigates to the same path with new ones. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  return useRouteSearchParams() as [URLSearchParams, SetSearchParams];
}

/** Redirects once, when it mounts (key it by location to redirect again). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a mounted <Navigate> redirects once.
  useEffect(() => navigate(to, { replace, state }), []);
  return null;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

export type LinkProps = { to: string; replace?: boolean; state?: unknown } & AnchorProps & {
    ref?: React.Ref<HTMLAnchorElement>;
  };

/**
 * An `<a href="/…">` (paths are absolute: the app makes no relative links) whose plain clicks navigate in
 * the page; a link to where the page is replaces.
 */
export function Link({ to, replace, state, ...rest }: LinkProps) {
  const location = useRouteLocation();
  return (
    <WouterLink
      {...rest}
      href={to}
      replace={replace ?? `${location.pathname}${location.search}` === to}
      state={state}
    />
  );
}

interface NavLinkState {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export type NavLinkProps = Omit<LinkProps, "className" | "children"> & {
  className?: string | ((state: NavLinkState) => string | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
  end?: boolean;
};

/** A link that knows whether it points at the current screen (or one below it, unless `end`). */
export function NavLink({ to, end, className, children, ...rest }: NavLinkProps) {
  const location = useRouteLocation();
  const target = to.split("?")[0]!.replace(/\/+$/, "").toLowerCase() || "/";
  const here = location.pathname.replace(/\/+$/, "").toLowerCase() || "/";
  const isActive = here === target || (!end && target !== "/" && here.startsWith(`${target}/`));
  const state: NavLinkState = { isActive, isPending: false, isTransitioning: false };
  const classes =
    typeof className === "function"
      ? className(state)
      : [className, isActive ? "active" : ""].filter(Boolean).join(" ") || undefined;
  return (
    <Link {...rest} to={to} aria-current={isActive ? "page" : undefined} className={classes}>
      {typeof children === "function" ? children(state) : children}
    </Link>
  );
}
