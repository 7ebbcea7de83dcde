import type { FastifyInstance } from "fastify";

/** A Server-Sent Events client for tests: collects events from a listening app's /api/events. */
export interface SseClient {
  status: number;
  /** The answer's headers (Retry-After on a refusal). */
  headers: Headers;
  /** A refused stream's body (the error shape); empty for an open stream. */
  body: string;
  /** Event names received so far (comments such as heartbeats appear as ":"). */
  events: string[];
  /** The data line of each named event, in order (`{}` for a bare notification). */
  data: { name: string; data: string }[];
  /** The last `id:` received, as EventSource keeps it for `Last-Event-ID`. */
  lastEventId: string | null;
  /** The last `retry:` received, in milliseconds. */
  retry: number | null;
  /** Resolves when `count` events named `name` have arrived in total; rejects after `timeoutMs`. */
  waitFor(name: string, count?: number, timeoutMs?: number): Promise<void>;
  close(): void;
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

export async function openEventStream(
  baseUrl: string,
  cookie?: string,
  options: { path?: string; lastEventId?: string } = {},
): Promise<SseClient> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}${options.path ?? "/api/events"}`, {
    headers: {
      accept: "text/event-stream",
      ...(cookie ? { cookie } : {}),
      ...(options.lastEventId ? { "last-event-id": options.lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const events: string[] = [];
  const data: { name: string; data: string }[] = [];
  const fields = { lastEventId: null as string | null, retry: null as number | null };
  const waiters = new Set<() => void>();
  const body = res.ok ? "" : await res.text();
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split("\n");
            const id = lines.find((l) => l.startsWith("id: "));
            if (id) fields.lastEventId = id.slice(4);
            const retry = lines.find((l) => l.startsWith("retry: "));
            if (retry) fields.retry = Number(retry.slice(7));
            const name = lines.find((l) => l.startsWith("event: "));
            if (name) {
              events.push(name.slice(7));
              const line = lines.find((l) => l.startsWith("data: "));
              data.push({ name: name.slice(7), data: line?.slice(6) ?? "" });
            } else if (block.startsWith(":")) events.push(":");
            end = buffer.indexOf("\n\n");
          }
          for (const w of waiters) w();
        }
      } catch {
        // Aborted by close(): nothing more to read.
      }
      events.push("<closed>");
      for (const w of waiters) w();
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    body,
    events,
    data,
    get lastEventId() {
      return fields.lastEventId;
    },
    get retry() {
      return fields.retry;
    },
    waitFor(name, count = 1, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events.filter((e) => e === name).length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${count} × ${name}; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
