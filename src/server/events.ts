/** Server-sent events: each open page of a game gets the new board whenever a sheet is confirmed or removed, and the dice whenever they are rolled. */
import type { ServerResponse } from 'node:http';

export class EventHub {
  private clients = new Map<string, Set<ServerResponse>>();
  /** Topics+events published by publishLatest lately: whether another change came since. */
  private recent = new Map<string, { timer: NodeJS.Timeout; dirty: boolean }>();
  private total = 0;
  private beat: NodeJS.Timeout;

  constructor(
    readonly maxClients = 500,
    heartbeatMs = 20_000,
  ) {
    // A comment line now and then keeps proxies and phones from dropping an idle stream.
    this.beat = setInterval(() => this.each((res) => res.write(': beat\n\n')), heartbeatMs);
    this.beat.unref();
  }

  get count(): number {
    return this.total;
  }

  /** Opens a stream with the board first (and any `more` events); false when there are too many already (the page falls back to polling). */
  open(topic: string, res: ServerResponse, first: unknown, more: Record<string, unknown> = {}): boolean {
    if (this.total >= this.maxClients) return false;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    let set = this.clients.get(topic);
    if (!set) this.clients.set(topic, (set = new Set()));
    set.add(res);
    this.total++;
    const done = () => {
      if (set!.delete(res)) this.total--;
      if (set!.size === 0) this.clients.delete(topic);
    };
    res.on('close', done);
    res.on('error', done);
    this.send(res, 'board', first);
    for (const [event, data] of Object.entries(more)) this.send(res, event, data);
    return true;
  }

  publish(topic: string, event: string, data: unknown): void {
    const clients = this.clients.get(topic);
    if (!clients?.size) return;
    // Serialised once for all: a board of a hundred sheets is a few hundred KB.
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of clients) res.write(text);
  }

  /**
   * Publishes what `compute` gives now, then at most every `everyMs` while changes keep coming (the last change
   * always published): a burst of confirmations sends a few boards, not one per sheet to every screen.
   */
  publishLatest(topic: string, event: string, compute: () => unknown, everyMs = 250): void {
    const key = `${topic}\n${event}`;
    const known = this.recent.get(key);
    if (known) {
      known.dirty = true;
      return;
    }
    if (this.clients.get(topic)?.size) this.publish(topic, event, compute());
    const entry = { dirty: false, timer: setTimeout(() => undefined, 0) };
    const tick = () => {
      if (!entry.dirty) return void this.recent.delete(key);
      entry.dirty = false;
      if (this.clients.get(topic)?.size) this.publish(topic, event, compute());
      entry.timer = setTimeout(tick, everyMs).unref();
    };
    clearTimeout(entry.timer);
    entry.timer = setTimeout(tick, everyMs).unref();
    this.recent.set(key, entry);
  }

  close(): void {
    clearInterval(this.beat);
    for (const r of this.recent.values()) clearTimeout(r.timer);
    this.recent.clear();
    this.each((res) => res.end());
    this.clients.clear();
    this.total = 0;
  }

  private send(res: ServerResponse, event: string, data: unknown): void {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private each(f: (res: ServerResponse) => void): void {
    for (const set of this.clients.values()) for (const res of set) f(res);
  }
}
