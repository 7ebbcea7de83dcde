import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { previousClientDir } from "#server/http/previous-assets.ts";
import { type PageOptions, spaShell } from "#server/http/spa-shell.ts";

/**
 * Serves the built SPA: hashed assets cached for a year, the page and service worker revalidated.
 * Vite wrote a Brotli and a gzip copy of every text asset; `preCompressed` sends the one the
 * browser's Accept-Encoding allows, and `Vary` keeps shared caches from mixing them up. The page
 * itself (index.html) is served by `spaShell`, which redirects or renders the screen for a navigation.
 * After the build's own files come the files of the builds it replaced, kept for a while (ADR 024), so
 * a tab opened before an upgrade still loads its screens.
 */
export function registerClient(
  app: FastifyInstance,
  clientDir: string | undefined,
  pages: Omit<PageOptions, "clientDir">,
): void {
  const hasClient = !!clientDir && existsSync(join(clientDir, "index.html"));
  const shell = hasClient ? spaShell({ ...pages, clientDir }) : null;
  if (hasClient) {
    const previous = previousClientDir(clientDir);
    app.register(fastifyStatic, {
      root: existsSync(join(previous, "assets")) ? [clientDir, previous] : clientDir,
      wildcard: false,
      cacheControl: false,
      index: false,
      globIgnore: ["index.html", "index.html.br", "index.html.gz"],
      preCompressed: true,
      setHeaders(res, path) {
        res.setHeader("vary", "accept-encoding");
        if (path.includes(`${join("/", "assets", "/")}`)) {
          res.setHeader("cache-control", "public, max-age=31536000, immutable");
        } else {
          res.setHeader("cache-control", "no-cache");
        }
      },
    });
  }
  if (shell) {
    app.get("/", { schema: { hide: true } }, shell);
    app.get("/index.html", { schema: { hide: true } }, shell);
    // Any other page path (a deep link) gets the page too; a route rather than the not-found handler,
    // so it is compressed like every other answer. Unknown API paths and non-page requests still 404.
    app.get("/*", { schema: { hide: true } }, async (request, reply) => {
      if (request.url.startsWith("/api") || !request.headers.accept?.includes("text/html")) {
        return reply.status(404).send(noRoute(request));
      }
      return shell(request, reply);
    });
  }
  app.setNotFoundHandler((request, reply) => reply.status(404).send(noRoute(request)));
}

const noRoute = (request: FastifyRequest) => ({
  error: {
    code: ERROR_CODES.notFound,
    message: `No route for ${request.method} ${request.url.split("?")[0]}.`,
  },
});
