import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { BOOT_STATE_ID, type BootState } from "#domain/boot-state.ts";

/** JSON that cannot end the `<script>` element it sits in, whatever a name contains. */
const inertJson = (value: unknown): string =>
  JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");

/** The built index.html with the boot state written into its head. */
export function shellWithBootState(html: string, state: BootState): string {
  const at = html.indexOf("</head>");
  if (at < 0) throw new Error("The built index.html has no </head>.");
  const block = `<script type="application/json" id="${BOOT_STATE_ID}">${inertJson(state)}</script>`;
  return `${html.slice(0, at)}${block}${html.slice(at)}`;
}

/**
 * Serves the SPA's page. A navigation (the browser loading the page itself, `Sec-Fetch-Dest: document`)
 * gets the boot state — the session's user and the public configuration — so the first screen needs no
 * session call before its data (ADR 015); the page then carries personal data and is never stored. Any
 * other fetch of the page (the service worker caching it, a script) gets the file as built, the same for
 * everyone, which is what may be cached.
 */
export function spaShell(
  clientDir: string,
  bootState: (request: FastifyRequest) => Promise<BootState>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const html = readFileSync(join(clientDir, "index.html"), "utf8");
  return async (request, reply) => {
    // Which of the two a cache may hand out depends on the kind of request.
    reply.type("text/html; charset=utf-8").header("vary", "sec-fetch-dest");
    if (request.headers["sec-fetch-dest"] !== "document") {
      return reply.header("cache-control", "no-cache").send(html);
    }
    const state = await bootState(request);
    return reply
      .header("cache-control", state.user ? "private, no-store" : "private, no-cache")
      .send(shellWithBootState(html, state));
  };
}
