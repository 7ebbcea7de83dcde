/**
 * The fault test's load (scripts/cluster-fault-test.ts): people reading and saving entries through
 * nginx, owners whose saves notify their horses' trainers, and trainers' live streams that refetch their notifications
 * on each event, as the page does. Everything it sends is GET or PUT, which nginx may retry.
 */
import { LiveClient } from "./live-client.ts";

export interface Tally {
  requests: number;
  saves: number;
  /** Saves answered 200: acknowledged to the person. */
  acked: number;
  /** Requests that did not get their 200: status or error, method, path, when. */
  failures: { what: string; method: string; path: string; at: number }[];
}

export interface Loader {
  cookie: string;
  userId: string;
  /** The last status acknowledged per class; a class whose save failed is left out of the check. */
  acked: Map<string, string>;
  uncertain: Set<string>;
}

export interface Notifier {
  cookie: string;
  userId: string;
  horseId: string;
  /** Classes whose notifying save was acknowledged. */
  acked: string[];
  next: number;
}

export interface Watcher {
  cookie: string;
  userId: string;
  client: LiveClient | null;
  /** When each notification id first appeared in a list the stream made the page fetch. */
  seen: Map<string, number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class FaultLoad {
  readonly tally: Tally = { requests: 0, saves: 0, acked: 0, failures: [] };
  private stopped = false;

  constructor(
    private readonly base: string,
    private readonly showId: string,
    private readonly today: string,
  ) {}

  private async send(method: "GET" | "PUT", path: string, cookie: string, body?: unknown): Promise<boolean> {
    this.tally.requests += 1;
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          cookie,
          accept: "application/json",
          ...(body ? { "content-type": "application/json", origin: this.base } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      await res.arrayBuffer();
      if (res.status === 200) {
        if (method === "PUT") this.tally.acked += 1;
        return true;
      }
      this.tally.failures.push({ what: String(res.status), method, path, at: Date.now() });
    } catch (error) {
      this.tally.failures.push({ what: (error as Error).message, method, path, at: Date.now() });
    }
    return false;
  }

  /** What a person's phone reads: who am I, the roster, the show, its entries, the notifications. */
  private get reads() {
    return [
      "/api/me",
      `/api/roster?today=${this.today}`,
      `/api/shows/${this.showId}`,
      "/api/notifications",
      `/api/shows/${this.showId}/entries`,
      "/api/notifications/unread-count",
    ];
  }

  /** Three reads to one save, a short pause between requests; each save flips one of 20 classes. */
  async runLoader(loader: Loader, pauseMs: number): Promise<void> {
    const reads = this.reads;
    for (let n = 0; !this.stopped; n++) {
      if (n % 4 === 3) {
        const classId = `class-${(Math.floor(n / 4) % 20) + 1}`;
        const status = Math.floor(n / 80) % 2 ? "WatchClass" : "Interested";
        const path = `/api/shows/${this.showId}/classes/${classId}/entries`;
        this.tally.saves += 1;
        if (await this.send("PUT", path, loader.cookie, { entries: [{ status }] })) {
          loader.acked.set(classId, status);
        } else {
          loader.uncertain.add(classId);
        }
      } else {
        await this.send("GET", reads[n % reads.length]!, loader.cookie);
      }
      await sleep(pauseMs);
    }
  }

  /** An owner enters their horse in a new class every `everyMs` or so: its trainer is notified. */
  async runNotifier(notifier: Notifier, everyMs: number): Promise<void> {
    await sleep(Math.random() * everyMs);
    while (!this.stopped) {
      notifier.next += 1;
      const classId = `class-${20 + notifier.next}`;
      const path = `/api/shows/${this.showId}/classes/${classId}/entries`;
      this.tally.saves += 1;
      const ok = await this.send("PUT", path, notifier.cookie, {
        entries: [{ status: "ImShowing", horseId: notifier.horseId }],
      });
      if (ok) notifier.acked.push(classId);
      await sleep(everyMs * (0.8 + Math.random() * 0.4));
    }
  }

  /** A trainer's page: a live stream, and the notification list fetched on each event. */
  watch(watcher: Watcher): void {
    const refetch = async () => {
      this.tally.requests += 1;
      try {
        const res = await fetch(`${this.base}/api/notifications`, { headers: { cookie: watcher.cookie } });
        if (res.status !== 200) {
          this.tally.failures.push({
            what: String(res.status),
            method: "GET",
            path: "/api/notifications",
            at: Date.now(),
          });
          return;
        }
        const list = (await res.json()) as { notifications: { id: string }[] };
        const now = Date.now();
        for (const n of list.notifications) if (!watcher.seen.has(n.id)) watcher.seen.set(n.id, now);
      } catch (error) {
        this.tally.failures.push({
          what: (error as Error).message,
          method: "GET",
          path: "/api/notifications",
          at: Date.now(),
        });
      }
    };
    watcher.client = new LiveClient(`${this.base}/api/events`, watcher.cookie, () => void refetch());
    watcher.client.start();
  }

  /** Runs the loaders and notifiers until `stop()`. */
  run(opts: {
    loaders: Loader[];
    notifiers: Notifier[];
    pauseMs: number;
    notifyEveryMs: number;
  }): Promise<void> {
    this.stopped = false;
    return Promise.all([
      ...opts.loaders.map((l) => this.runLoader(l, opts.pauseMs)),
      ...opts.notifiers.map((n) => this.runNotifier(n, opts.notifyEveryMs)),
    ]).then(() => undefined);
  }

  stop(): void {
    this.stopped = true;
  }
}
