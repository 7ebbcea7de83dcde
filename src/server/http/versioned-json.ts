import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Responses that change only when a version does (a show's `revision`, a roster's counters): serialized,
 * hashed and compressed once per version and kept in process, so a repeat request costs a version
 * lookup and a buffer write. Clients revalidate with `If-None-Match` and get 304 while the version
 * holds. A small least-recently-used map bounds the memory.
 */
export interface VersionedJsonCache {
  /** Sends the cached body for `key` at `version`, building it with `load` (serialized JSON) on a miss. */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    version: number | string,
    load: () => Promise<string>,
  ): Promise<FastifyReply>;
}

interface Entry {
  version: number | string;
  etag: string;
  json: string;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/** Brotli quality 9 and gzip level 9: paid once per version, then every client gets the small body. */
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

/** Which encoding of ours the Accept-Encoding header allows: Brotli first, then gzip (q=0 refuses). */
export function pickEncoding(header: string | undefined): "br" | "gzip" | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

/** True when If-None-Match names this ETag (or is `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

/**
 * `cacheControl`: what the browser may do with the body. `private, no-cache` (the default) lets it
 * keep the body and revalidate with the ETag: for data that is the same for every signed-in user
 * (show detail, class lists). Personal responses (a roster, a notification list) pass
 * `private, no-store`, so a shared device's browser never keeps one person's data for the next
 * (issue 8); the server-side cache and the ETag for a client that sends If-None-Match still apply.
 */
export function createVersionedJsonCache(opts: {
  maxEntries: number;
  cacheControl?: "private, no-cache" | "private, no-store";
}): VersionedJsonCache {
  const cacheControl = opts.cacheControl ?? "private, no-cache";
  const entries = new Map<string, Entry>();

  function fresh(key: string, version: number | string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  function remember(key: string, version: number | string, json: string): Entry {
    const hash = createHash("sha256").update(json).digest("base64url").slice(0, 27);
    const entry: Entry = { version, json, etag: `"${version}-${hash}"` };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value!);
    return entry;
  }

  return {
    async send(request, reply, key, version, load) {
      const entry = fresh(key, version) ?? remember(key, version, await load());
      reply
        .header("etag", entry.etag)
        .header("vary", "accept-encoding")
        .header("cache-control", cacheControl);
      if (matchesEtag(request.headers["if-none-match"], entry.etag)) return reply.code(304).send();
      reply.type("application/json; charset=utf-8");
      const encoding = pickEncoding(request.headers["accept-encoding"]);
      if (encoding === "br") {
        entry.br ??= brotli(entry.json, BROTLI_OPTIONS);
        return reply.header("content-encoding", "br").send(await entry.br);
      }
      if (encoding === "gzip") {
        entry.gzip ??= gzipAsync(entry.json, { level: 9 });
        return reply.header("content-encoding", "gzip").send(await entry.gzip);
      }
      return reply.send(entry.json);
    },
  };
}
