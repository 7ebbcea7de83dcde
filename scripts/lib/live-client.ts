/**
 * A live-stream client that behaves as a browser's EventSource does (retry, Last-Event-ID, reconnect on
 * a closed or broken stream) and as Ringside's page does (a new stream when one is refused), and that
 * times each reconnect: for the fault test (scripts/cluster-fault-test.ts). Hand-written rather than
 * the `eventsource` package because the test needs the moment each stream ends and the next is ready.
 */
export interface LiveClientStats {
  /** Milliseconds from a stream ending (closed, broken or refused) to the next `ready`. */
  reconnects: number[];
  /** Reconnects that found the user's cursor moved and were caught up with a `notification` at once. */
  caughtUp: number;
  events: number;
}

export class LiveClient {
  readonly stats: LiveClientStats = { reconnects: [], caughtUp: 0, events: 0 };
  private lastEventId: string | null = null;
  private retryMs = 3000;
  private stopped = false;
  private controller: AbortController | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly cookie: string,
    /** Called for each `notification` event (live or catch-up). */
    private readonly onNotification: () => void,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.controller?.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    let lostAt: number | null = null;
    while (!this.stopped) {
      this.controller = new AbortController();
      try {
        const res = await fetch(this.url, {
          headers: {
            accept: "text/event-stream",
            cookie: this.cookie,
            ...(this.lastEventId ? { "last-event-id": this.lastEventId } : {}),
          },
          signal: this.controller.signal,
        });
        if (res.status !== 200 || !res.body) {
          await res.body?.cancel();
          throw new Error(`stream refused: ${res.status}`);
        }
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        let readyAt: number | null = null;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, end).split("\n");
            buffer = buffer.slice(end + 2);
            let name: string | null = null;
            for (const line of block) {
              if (line.startsWith("id: ")) this.lastEventId = line.slice(4);
              else if (line.startsWith("retry: ")) this.retryMs = Number(line.slice(7));
              else if (line.startsWith("event: ")) name = line.slice(7);
            }
            if (name === "ready") {
              readyAt = Date.now();
              if (lostAt !== null) this.stats.reconnects.push(readyAt - lostAt);
              lostAt = null;
            } else if (name === "notification") {
              this.stats.events += 1;
              // A notification right behind `ready` is the catch-up of a reconnect.
              if (readyAt !== null && Date.now() - readyAt < 50 && this.stats.reconnects.length) {
                this.stats.caughtUp += 1;
              }
              this.onNotification();
            } else if (name === "session-ended") {
              this.stopped = true;
            }
          }
        }
      } catch {
        // A broken or refused stream: reconnect below, as EventSource (or the page) would.
      }
      if (this.stopped) break;
      lostAt ??= Date.now();
      await new Promise((r) => setTimeout(r, this.retryMs));
    }
  }
}
