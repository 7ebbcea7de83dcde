import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { BOOT_STATE_ID, type BootState } from "#domain/app/boot-state.ts";
import { dayAtOffset, parseUtcOffset, UTC_OFFSET_COOKIE } from "#domain/app/client-day.ts";
import type { PageLoaders, PageRequest, RenderedPage } from "#domain/app/page-render.ts";
import { type PageScreen, resolvePage } from "#domain/app/page-routes.ts";

/** The server-rendering bundle's interface (src/client/entry-server.tsx, built by `vite build --ssr`). */
export interface SsrModule {
  renderPage(request: PageRequest): Promise<RenderedPage>;
}

/** Imports the server-rendering bundle, or null when there is none (pages are then rendered by the browser). */
export async function loadSsrModule(file: string | undefined): Promise<SsrModule | null> {
  if (!file || !existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as SsrModule;
}

/** JSON that cannot end the `<script>` element it sits in, whatever a name contains. */
const inertJson = (value: unknown): string =>
  JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");

const bootBlock = (state: BootState) =>
  `<script type="application/json" id="${BOOT_STATE_ID}">${inertJson(state)}</script>`;

const ROOT = '<div id="root"></div>';

/**
 * Each screen's module in the client's build manifest (its lazy chunk); Ring control's and Standings'
 * routes load their screens lazily in turn, and the page each is rendered into preloads both.
 */
const SCREEN_MODULES: Record<PageScreen, string | readonly string[]> = {
  auth: "features/auth/auth-screen.tsx",
  roster: "features/roster/roster-screen.tsx",
  planner: "features/planner/planner-screen.tsx",
  show: "features/shows/show-detail-screen.tsx",
  horses: "features/horses/horses-screen.tsx",
  horse: "features/horses/horse-detail-screen.tsx",
  barn: "features/barn/barn-screen.tsx",
  profile: "features/profile/profile-screen.tsx",
  admin: "features/admin/admin-screen.tsx",
  notifications: "features/notifications/notifications-screen.tsx",
  notificationSettings: "features/push/notification-settings-screen.tsx",
  ring: ["features/show-day/ring-control-route.tsx", "features/show-day/ring-control-screen.tsx"],
  postResults: "features/results/results-route.tsx",
  standings: ["features/results/results-route.tsx", "features/results/standings-screen.tsx"],
  print: "features/season/print-route.tsx",
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * Each screen's chunk and what it imports beyond the entry's own files (which the page preloads already),
 * so hydration does not wait for the screen's code to be discovered.
 */
function screenModules(clientDir: string): Partial<Record<PageScreen, string[]>> {
  const file = join(clientDir, ".vite", "manifest.json");
  if (!existsSync(file)) return {};
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const shared = entry ? closure(entry) : new Set<string>();
  const files: Partial<Record<PageScreen, string[]>> = {};
  for (const [screen, modules] of Object.entries(SCREEN_MODULES) as [PageScreen, string | string[]][]) {
    const seen = new Set<string>();
    for (const module of typeof modules === "string" ? [modules] : modules) closure(module, seen);
    files[screen] = [...seen].filter((key) => !shared.has(key)).map((key) => `/${manifest[key]!.file}`);
  }
  return files;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The head of a page the server rendered: the app's scripts start once the page has been painted
 * (public/page-start.js, ADR 019) instead of sharing a slow connection with its styles before that.
 * The page as built keeps Vite's tags: there the browser renders the app, which should load at once.
 */
// public/page-start.js is served as written, so it carries no comment: it reads `data-modules` (entry
// first, then what to preload) and adds them once the browser reports the page's first contentful paint,
// or after a second at most (a background tab paints nothing).
export function deferAppScripts(head: string, screenFiles: readonly string[]): string {
  const entry = ENTRY_SCRIPT.exec(head)?.[1];
  if (!entry) return head;
  const modules = [entry, ...[...head.matchAll(MODULE_PRELOAD)].map((m) => m[1]!), ...screenFiles];
  return head
    .replace(ENTRY_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace(
      "</head>",
      `<script defer src="/page-start.js" data-modules="${modules.join(" ")}"></script></head>`,
    );
}

/** The calendar day of the device asking: its UTC offset cookie, else the server's own. */
function viewerDay(request: FastifyRequest, now: Date): string {
  const cookie = new RegExp(`(?:^|;\\s*)${UTC_OFFSET_COOKIE}=([^;]*)`).exec(
    request.headers.cookie ?? "",
  )?.[1];
  return dayAtOffset(now, parseUtcOffset(cookie) ?? now.getTimezoneOffset());
}

export interface PageOptions {
  clientDir: string;
  ssr: SsrModule | null;
  log: FastifyBaseLogger;
  bootState: (request: FastifyRequest) => Promise<BootState>;
  loaders: (user: BootState["user"]) => PageLoaders;
}

/**
 * Serves the app's pages (ADR 019). A navigation (`Sec-Fetch-Dest: document`) is checked against the
 * spec's routes for the session's user — an address that is not a screen for them redirects (302, to
 * /roster or /auth) — and the screen is rendered on the server with its data, the boot state (the
 * user, the public configuration and the rendered queries) after the markup. Such a page carries personal
 * data and is never stored. If rendering fails, the error is logged and the page goes out without markup
 * for the browser to render. Any other fetch of a page (the service worker caching it, a script) gets
 * the file as built, the same for everyone: the only page that may be cached.
 */
export function spaShell(
  options: PageOptions,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const html = readFileSync(join(options.clientDir, "index.html"), "utf8");
  const at = html.indexOf(ROOT);
  if (at < 0 || !html.includes("</head>")) throw new Error(`The built index.html has no ${ROOT} or </head>.`);
  const before = html.slice(0, at);
  const after = html.slice(at + ROOT.length);
  const screenFiles = screenModules(options.clientDir);

  return async (request, reply) => {
    // Which of the two a cache may hand out depends on the kind of request.
    reply.type("text/html; charset=utf-8").header("vary", "sec-fetch-dest");
    if (request.headers["sec-fetch-dest"] !== "document") {
      return reply.header("cache-control", "no-cache").send(html);
    }
    const state = await options.bootState(request);
    const personal = state.user ? "private, no-store" : "private, no-cache";
    const url = request.url;
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    const search = q < 0 ? "" : url.slice(q);
    const page = resolvePage(path === "/index.html" ? "/" : path, search, state.user);
    if (page.kind === "redirect") {
      return reply.header("cache-control", "private, no-store").redirect(page.to, 302);
    }
    reply.header("cache-control", personal);
    const plain = () => reply.send(`${before}${ROOT}${bootBlock(state)}${after}`);
    if (!options.ssr) return plain();
    const now = Date.now();
    const today = viewerDay(request, new Date(now));
    let rendered: RenderedPage;
    try {
      rendered = await options.ssr.renderPage({
        pathname: path,
        search,
        screen: page.screen,
        params: page.params,
        user: state.user,
        config: state.config,
        today,
        now,
        load: options.loaders(state.user),
      });
    } catch (error) {
      options.log.error(
        { err: error, url: path },
        "server rendering failed: the page is sent for the browser to render",
      );
      return plain();
    }
    const boot: BootState = { ...state, rendered: { path: url, today, now, queries: rendered.queries } };
    const head = deferAppScripts(before, screenFiles[page.screen] ?? []);
    return reply.send(
      Readable.from(
        (async function* () {
          yield `${head}<div id="root">`;
          for await (const chunk of rendered.html) yield chunk;
          yield `</div>${bootBlock(boot)}${after}`;
        })(),
      ),
    );
  };
}
