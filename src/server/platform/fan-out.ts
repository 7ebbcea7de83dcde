import { slicer } from "#server/platform/turns.ts";

/**
 * Hands each live event to every listener (each an open stream: a write to its socket), in slices
 * (issue 31, ADR 030). One steward's tap reaching 2,000 streams on one server was one loop of 2,000
 * socket writes, holding every other request for up to 777 ms in the round-3 probe; now the event loop
 * gets a turn every few milliseconds of writing. Events are delivered one after the other, so every
 * listener sees them in the order they were emitted; a listener added during a fan-out hears from the
 * next event on, and one removed during it hears no more. The first listeners hear an event before
 * `emit` returns, as before, and a small fan-out ends before any other work runs.
 */
export class FanOut<E> {
  private readonly listeners = new Set<(event: E) => void>();
  private readonly queue: E[] = [];
  private draining = false;

  /** `onError` hears what a listener threw; the others still get the event. */
  constructor(private readonly onError: (error: unknown) => void) {}

  add(listener: (event: E) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: E): void {
    this.queue.push(event);
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    const turn = slicer();
    while (this.queue.length > 0) {
      const event = this.queue.shift() as E;
      for (const listener of [...this.listeners]) {
        if (!this.listeners.has(listener)) continue;
        try {
          listener(event);
        } catch (error) {
          this.onError(error);
        }
        await turn();
      }
    }
    this.draining = false;
  }
}
