import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { showDayQueryOptions } from "#client/features/show-day/api/get-show-day.ts";
import { showDayKeys } from "#client/features/show-day/api/show-day-keys.ts";
import { watchRing } from "#client/features/show-day/ring-hub.ts";
import type { RingPatch, ShowDay } from "#domain/contracts/show-day.ts";
import { RING_STREAM_SHOWS } from "#domain/show-day/ring-stream.ts";

/** An EventSource that tests drive: it records what was opened and delivers what the test says. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  get shows(): string[] {
    return new URL(this.url, "http://x").searchParams.get("shows")!.split(",");
  }
  addEventListener(name: string, listener: (event: { data: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data = "{}") {
    for (const listener of this.listeners.get(name) ?? []) listener({ data });
  }
  /** The server refused it or went away: EventSource gives up. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  get closed() {
    return this.readyState === FakeEventSource.CLOSED;
  }
}

const open = () => FakeEventSource.opened.filter((s) => !s.closed);
/** The server's `ready`: the ring number of each show the stream carries as it began to listen. */
const ready = (seqs: Record<string, number>) => JSON.stringify({ seqs });
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));
/**
 * The browser is idle: here, without requestIdleCallback, whenIdle's next task has run (the hub asked for it
 * before this timer was set).
 */
const goIdle = async () => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  await settle();
};

const day = (seq: number): ShowDay =>
  ({ ring: { seq, lastEffectiveSeq: null, sessions: [], classes: [], actions: [] } }) as unknown as ShowDay;

const patch = (showId: string, seq: number, extra: Partial<RingPatch> = {}): string =>
  JSON.stringify({
    showId,
    seq,
    prevSeq: seq - 1,
    lastEffectiveSeq: seq,
    sessions: [],
    classes: [],
    action: { seq, kind: "in-ring", text: `Action ${seq}`, actorName: null, at: 0, undone: false },
    undid: null,
    ...extra,
  });

describe("the page's ring stream", () => {
  let client: QueryClient;
  let refetched: string[];

  beforeEach(() => {
    vi.stubGlobal("EventSource", FakeEventSource);
    FakeEventSource.opened = [];
    client = new QueryClient();
    refetched = [];
    vi.spyOn(client, "invalidateQueries").mockImplementation(async (filters) => {
      refetched.push(String(filters?.queryKey?.at(-1)));
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens one stream for every show a screen watches at once, and none once they all stop", async () => {
    const stops = ["e", "a", "c", "b", "d"].map((id) => watchRing(client, id));
    stops.push(watchRing(client, "a"));
    await settle();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0]!.shows).toEqual(["a", "b", "c", "d", "e"]);
    FakeEventSource.opened[0]!.emit("ready");
    for (const stop of stops) stop();
    await settle();
    expect(open()).toHaveLength(0);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it("applies each patch to its own show, refetches a show whose patch does not follow, ignores others", async () => {
    watchRing(client, "a");
    watchRing(client, "b");
    await settle();
    const [source] = FakeEventSource.opened;
    client.setQueryData(showDayKeys.day("a"), day(3));
    client.setQueryData(showDayKeys.day("b"), day(7));
    source!.emit("ready", ready({ a: 3, b: 7 }));
    source!.emit("ring", patch("a", 4));
    source!.emit("ring", patch("a", 4));
    source!.emit("ring", patch("z", 1));
    expect(client.getQueryData<ShowDay>(showDayKeys.day("a"))!.ring.seq).toBe(4);
    expect(client.getQueryData<ShowDay>(showDayKeys.day("b"))!.ring.seq).toBe(7);
    expect(refetched).toEqual([]);

    source!.emit("ring", patch("b", 10));
    source!.emit("ring", patch("a", 5, { scheduleChanged: true }));
    expect(refetched).toEqual(["b", "a"]);
  });

  it("opens the new set's stream before it closes the old one, and refetches every show on a reconnect", async () => {
    const stopA = watchRing(client, "a");
    await settle();
    const first = FakeEventSource.opened[0]!;
    first.emit("ready", ready({ a: 0 }));
    watchRing(client, "b");
    await settle();
    expect(FakeEventSource.opened).toHaveLength(1);
    await goIdle();
    const second = FakeEventSource.opened[1]!;
    expect(second.shows).toEqual(["a", "b"]);
    expect(first.closed).toBe(false);
    second.emit("ready", ready({ a: 0, b: 0 }));
    expect(first.closed).toBe(true);
    expect(refetched).toEqual([]);

    stopA();
    await settle();
    const third = FakeEventSource.opened[2]!;
    expect(third.shows).toEqual(["b"]);
    // The stream reconnected on its own (a server restart): every show it carries is read again.
    third.emit("ready", ready({ b: 0 }));
    third.emit("ready", ready({ b: 0 }));
    expect(refetched).toEqual(["b"]);
  });

  it("reads again, at its first stream's ready, a day held behind it or a read under way, and nothing else", async () => {
    // "a" is held behind the ring (a tap before the stream listened), "b" as the ring is, "c" not at all;
    // "d" is being read, and the server may have answered it before the stream listened.
    client.setQueryData(showDayKeys.day("a"), day(3));
    client.setQueryData(showDayKeys.day("b"), day(4));
    void client.fetchQuery({ queryKey: showDayKeys.day("d"), queryFn: () => new Promise<ShowDay>(() => {}) });
    for (const id of ["a", "b", "c", "d"]) watchRing(client, id);
    await settle();
    const [first] = FakeEventSource.opened;
    first!.emit("ready", ready({ a: 4, b: 4, c: 2, d: 9 }));
    expect(refetched).toEqual(["a", "d"]);

    // A stream for a new set carries them on: each was caught up once already.
    client.setQueryData(showDayKeys.day("e"), day(1));
    watchRing(client, "e");
    await settle();
    await goIdle();
    FakeEventSource.opened[1]!.emit("ready", ready({ a: 8, b: 8, c: 8, d: 9, e: 1 }));
    expect(refetched).toEqual(["a", "d"]);
  });

  it("reads every day again at a ready that says no ring numbers (a server from before them)", async () => {
    client.setQueryData(showDayKeys.day("a"), day(3));
    watchRing(client, "a");
    watchRing(client, "b");
    await settle();
    FakeEventSource.opened[0]!.emit("ready", JSON.stringify({ seqs: { a: "3" } }));
    expect(refetched).toEqual(["a", "b"]);
  });

  it("keeps a patched ring when a read the server answered before that tap lands after it", async () => {
    const key = showDayKeys.day("a");
    client.setQueryData(key, day(3));
    watchRing(client, "a");
    await settle();
    const [source] = FakeEventSource.opened;
    source!.emit("ready", ready({ a: 3 }));
    // A poll is under way; the steward's tap comes through the stream before its answer does.
    let answer!: (response: Response) => void;
    vi.stubGlobal("fetch", () => new Promise<Response>((resolve) => (answer = resolve)));
    const poll = client.fetchQuery({ ...showDayQueryOptions("a"), staleTime: 0 });
    await settle();
    source!.emit("ring", patch("a", 4));
    expect(client.getQueryData<ShowDay>(key)!.ring.seq).toBe(4);
    answer(Response.json(day(3)));
    await poll;
    expect(client.getQueryData<ShowDay>(key)!.ring.seq).toBe(4);
    expect(client.getQueryData<ShowDay>(key)!.ring.actions.map((a) => a.seq)).toEqual([4]);
  });

  it("lets a set that grows wait for its stream to open and the browser to be idle: a roster's cards come one by one", async () => {
    watchRing(client, "a");
    await settle();
    watchRing(client, "b");
    await settle();
    const [first] = FakeEventSource.opened;
    first!.emit("ready", ready({ a: 0 }));
    await settle();
    watchRing(client, "c");
    await settle();
    expect(FakeEventSource.opened.map((s) => s.shows)).toEqual([["a"]]);

    await goIdle();
    expect(FakeEventSource.opened.map((s) => s.shows)).toEqual([["a"], ["a", "b", "c"]]);
    expect(first!.closed).toBe(false);
    FakeEventSource.opened[1]!.emit("ready", ready({ a: 0, b: 0, c: 0 }));
    expect(first!.closed).toBe(true);
  });

  it("replaces a stream at once when a show it carries is no longer wanted; after a refusal a set that grew waits for idle only", async () => {
    const stopA = watchRing(client, "a");
    await settle();
    stopA();
    watchRing(client, "x");
    await settle();
    expect(FakeEventSource.opened.map((s) => [s.shows, s.closed])).toEqual([
      [["a"], true],
      [["x"], false],
    ]);

    FakeEventSource.opened[1]!.fail();
    watchRing(client, "y");
    await settle();
    await goIdle();
    expect(open().map((s) => s.shows)).toEqual([["x", "y"]]);
  });

  it("tries again after a refusal, waiting longer each time up to 30 s", async () => {
    vi.useFakeTimers();
    watchRing(client, "a");
    await settle();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = Date.now();
      FakeEventSource.opened.at(-1)!.fail();
      await vi.advanceTimersToNextTimerAsync();
      waits.push(Date.now() - before);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(open()).toHaveLength(1);
  });

  it(`holds a stream per ${RING_STREAM_SHOWS} shows when a page shows more`, async () => {
    for (let i = 0; i < RING_STREAM_SHOWS + 1; i++) watchRing(client, `show-${String(i).padStart(2, "0")}`);
    await settle();
    expect(FakeEventSource.opened.map((s) => s.shows.length)).toEqual([RING_STREAM_SHOWS, 1]);
  });
});
