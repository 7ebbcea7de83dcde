import type { QueryClient } from "@tanstack/react-query";
import { showDayKeys } from "#client/features/show-day/api/show-day-keys.ts";
import { whenIdle } from "#client/lib/when-idle.ts";
import type { RingPatch, ShowDay } from "#domain/contracts/show-day.ts";
import { ACTION_LOG_SIZE } from "#domain/show-day/ring.ts";
import { RING_STREAM_SHOWS, type RingStreamReady, ringStreamPath } from "#domain/show-day/ring-stream.ts";
import { applyPatch } from "#domain/show-day/show-day-view.ts";

const MAX_RETRY_MS = 30_000;

/** One EventSource for a set of shows, reconnecting with a growing delay when refused. */
interface Line {
  showIds: readonly string[];
  /** Its first `ready` came: it carries its shows from now on. */
  ready: boolean;
  /** Asked for and not answered yet, the first time (neither ready nor refused). */
  opening: boolean;
  stop(): void;
}

/**
 * The page's ring streams (ADR 041): one EventSource for every show a screen wants (one per twenty),
 * never one per show, since HTTP/1.1 gives a page six connections to its server. Each patch is applied
 * to its show's day held (no refetch); a patch that does not follow what is held reads that show's day
 * again, and every reconnect reads all its shows' days again. A stream's first `ready` says each show's
 * ring number as it began to listen (RingStreamReady): a day held behind it (the server's page, a read from
 * before, a steward's tap in between) is read again, as is one whose read is under way, which the server may
 * have answered before the stream listened; a day already there is not (a page of many shows running reads
 * none of them again). When the set changes (batched in a microtask, so a screen of many shows opens one
 * stream) the new stream opens before the old one closes: a patch in between is carried twice, and the
 * second is a no-op. A set that only grew, while the page already holds a stream, waits until that stream
 * has opened and the browser is idle: a roster's cards hydrate one by one, each in a task of its own, and
 * each would otherwise open a stream and drop the one before (every one a slot taken and given back; on
 * PostgreSQL two writes). A change that drops a show goes ahead at once.
 */
function createHub(client: QueryClient) {
  const wanted = new Map<string, number>();
  /** The shows a ready stream has carried since they were wanted. */
  const carried = new Set<string>();
  const lines = new Map<string, Line>();
  let retiring: Line[] = [];
  let queued = false;
  /** A change that only grows the set waits for the browser to be idle: asked for, or come. */
  let idle: "no" | "asked" | "came" = "no";

  const refetch = (showId: string) => void client.invalidateQueries({ queryKey: showDayKeys.day(showId) });

  /** A show's first ring stream is ready at `seq` (undefined: it did not say): the day held catches up. */
  const catchUp = (showId: string, seq: number | undefined) => {
    const state = client.getQueryState<ShowDay>(showDayKeys.day(showId));
    if (
      seq === undefined ||
      state?.fetchStatus === "fetching" ||
      (state?.data && state.data.ring.seq < seq)
    ) {
      refetch(showId);
    }
  };

  const onRing = (data: string) => {
    let patch: RingPatch;
    try {
      patch = JSON.parse(data) as RingPatch;
    } catch {
      for (const showId of wanted.keys()) refetch(showId);
      return;
    }
    if (!wanted.has(patch.showId)) return;
    const key = showDayKeys.day(patch.showId);
    const held = patch.scheduleChanged ? undefined : client.getQueryData<ShowDay>(key);
    const ring = held ? applyPatch(held.ring, patch, ACTION_LOG_SIZE) : null;
    if (held && ring) client.setQueryData<ShowDay>(key, { ...held, ring });
    else refetch(patch.showId);
  };

  /** Closes the streams replaced, once every stream that replaces them carries its shows. */
  const retire = () => {
    if (![...lines.values()].every((line) => line.ready)) return;
    for (const line of retiring) line.stop();
    retiring = [];
  };

  /** The line was answered (ready, or refused and waiting to try again): a change that waited goes ahead. */
  const opened = (line: Line) => {
    line.opening = false;
    schedule();
  };

  const open = (showIds: string[]): Line => {
    let source: EventSource | null = null;
    let retryMs = 1_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const line: Line = {
      showIds,
      ready: false,
      opening: true,
      stop: () => {
        stopped = true;
        clearTimeout(timer);
        source?.close();
      },
    };
    const connect = () => {
      source = new EventSource(ringStreamPath(showIds), { withCredentials: true });
      source.addEventListener("ready", (event) => {
        retryMs = 1_000;
        if (line.ready) {
          for (const showId of showIds) if (wanted.has(showId)) refetch(showId);
          return;
        }
        const seqs = readySeqs((event as MessageEvent<string>).data);
        for (const showId of showIds) {
          if (!wanted.has(showId) || carried.has(showId)) continue;
          carried.add(showId);
          const seq = seqs?.[showId];
          catchUp(showId, typeof seq === "number" ? seq : undefined);
        }
        line.ready = true;
        opened(line);
        retire();
      });
      source.addEventListener("ring", (event) => onRing((event as MessageEvent<string>).data));
      source.onerror = () => {
        if (stopped || !source || source.readyState !== EventSource.CLOSED) return;
        opened(line);
        source.close();
        timer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      };
    };
    connect();
    return line;
  };

  const sync = () => {
    queued = false;
    const current = [...lines.values()];
    const held = new Set(current.flatMap((line) => line.showIds));
    const grows =
      current.length > 0 &&
      [...held].every((id) => wanted.has(id)) &&
      [...wanted.keys()].some((id) => !held.has(id));
    // opened() asks again once the stream is answered.
    if (grows && current.some((line) => line.opening)) return;
    if (grows && idle !== "came") {
      if (idle === "no") {
        idle = "asked";
        whenIdle(() => {
          idle = "came";
          schedule();
        }, 1_000);
      }
      return;
    }
    idle = "no";
    const ids = [...wanted.keys()].sort();
    const keep = new Set<string>();
    for (let i = 0; i < ids.length; i += RING_STREAM_SHOWS) {
      const chunk = ids.slice(i, i + RING_STREAM_SHOWS);
      const key = chunk.join(",");
      keep.add(key);
      if (!lines.has(key)) lines.set(key, open(chunk));
    }
    for (const [key, line] of lines) {
      if (keep.has(key)) continue;
      lines.delete(key);
      // One not yet carrying anything is of no use while its replacement opens.
      if (line.ready) retiring.push(line);
      else line.stop();
    }
    retire();
  };

  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(sync);
  };

  return (showId: string): (() => void) => {
    wanted.set(showId, (wanted.get(showId) ?? 0) + 1);
    schedule();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (wanted.get(showId) ?? 1) - 1;
      if (left > 0) wanted.set(showId, left);
      else {
        wanted.delete(showId);
        carried.delete(showId);
      }
      schedule();
    };
  };
}

/** The ring numbers a `ready` carries, or null when it carries none (a server from before them). */
function readySeqs(data: string): Record<string, unknown> | null {
  try {
    const seqs: unknown = (JSON.parse(data) as Partial<RingStreamReady> | null)?.seqs;
    return seqs && typeof seqs === "object" ? (seqs as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const hubs = new WeakMap<QueryClient, ReturnType<typeof createHub>>();

/** Keeps `showId`'s day held in `client` live through the page's ring stream until the answer is called. */
export function watchRing(client: QueryClient, showId: string): () => void {
  let hub = hubs.get(client);
  if (!hub) {
    hub = createHub(client);
    hubs.set(client, hub);
  }
  return hub(showId);
}
