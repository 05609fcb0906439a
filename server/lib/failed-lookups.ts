import { AppError } from '../envelope';

/**
 * Lookups that found nobody, per looked-up key (a passport, a plate). A registry answers a person's
 * names and PINFL for a passport and the right birthday, a car's owner for a plate and the right tech
 * passport: tried date after date, that is an oracle of personal data (a few hundred requests find a
 * birthday). A visitor mistypes a few times; past `limit` misses within `windowMs` the key answers
 * 429 whatever is asked, right or wrong, until the window has passed. Counted per key, not per
 * caller, so neither a partner's one address nor a mobile network's shared one is held back.
 */
export class FailedLookups {
  private readonly misses = new Map<string, number[]>();

  constructor(
    private readonly options: { what: string; limit: number; windowMs: number; maxKeys?: number; now?: () => number },
  ) {}

  /** The lookup of `key`, refused with 429 while the key has had too many misses; its miss counted. */
  async guard<T>(key: string, lookup: () => Promise<T | null>): Promise<T | null> {
    const now = (this.options.now ?? Date.now)();
    const recent = (this.misses.get(key) ?? []).filter((at) => now - at < this.options.windowMs);
    if (recent.length >= this.options.limit) {
      throw new AppError(429, `too many lookups of this ${this.options.what} found nothing: try again later`);
    }
    const found = await lookup();
    // A find is the key's owner (or one who knows what they know): the misses before it were typos.
    if (found === null) this.remember(key, [...recent, now]);
    else this.misses.delete(key);
    return found;
  }

  private remember(key: string, at: number[]): void {
    // Refreshed keys move to the end: the first is the one missed longest ago, dropped when there are too many.
    this.misses.delete(key);
    this.misses.set(key, at);
    if (this.misses.size > (this.options.maxKeys ?? 100_000)) {
      const oldest = this.misses.keys().next().value;
      if (oldest !== undefined) this.misses.delete(oldest);
    }
  }
}

/** Misses allowed per passport or plate an hour: enough for a visitor's typos, far too few to search a birthday. */
export const lookupMissLimit = { limit: 10, windowMs: 3_600_000 };
