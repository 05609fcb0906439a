/**
 * How many failure reports of one kind (a route's saves, say) reach the chat: the first `limit` of
 * each window one by one, the rest counted and said in one summary when the window closes. Anyone
 * holding the site's public credential can send a save that fails; without this, a loop of bad
 * requests is a loop of chat messages and buries the reports that matter.
 */
export class FailureThrottle {
  private readonly windows = new Map<string, { sent: number; held: Map<number, number>; timer: NodeJS.Timeout }>();

  constructor(
    private readonly options: { limit: number; windowMs: number; summarise: (kind: string, held: ReadonlyMap<number, number>) => Promise<void> },
  ) {}

  /** Whether a failure of `kind` with `status` is reported now; if not, it is counted for the window's summary. */
  admit(kind: string, status: number): boolean {
    let window = this.windows.get(kind);
    if (!window) {
      const opened = { sent: 0, held: new Map<number, number>(), timer: setTimeout(() => void this.close(kind), this.options.windowMs) };
      // A window still open does not keep the process alive; close() on shutdown says what it held.
      opened.timer.unref();
      this.windows.set(kind, opened);
      window = opened;
    }
    if (window.sent < this.options.limit) {
      window.sent += 1;
      return true;
    }
    window.held.set(status, (window.held.get(status) ?? 0) + 1);
    return false;
  }

  /** Whether `kind`'s window has admitted its limit already (the next failure would be held): a caller past its limit is refused before it tries again. */
  spent(kind: string): boolean {
    return (this.windows.get(kind)?.sent ?? 0) >= this.options.limit;
  }

  /** Closes every open window (on shutdown), summarising what each held back. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.windows.keys()].map((kind) => this.close(kind)));
  }

  private async close(kind: string): Promise<void> {
    const window = this.windows.get(kind);
    if (!window) return;
    clearTimeout(window.timer);
    this.windows.delete(kind);
    if (window.held.size > 0) await this.options.summarise(kind, window.held);
  }
}
