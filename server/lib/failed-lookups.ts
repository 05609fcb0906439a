import { AppError } from '../envelope';

/** Misses allowed within the window: for one caller and one key, and for one key from every caller together. */
export interface MissLimits {
  perCaller: number;
  perKey: number;
  windowMs: number;
}

/**
 * Lookups that found nobody, per looked-up key (a passport, a plate). A registry answers a person's
 * names and PINFL for a passport and the right birthday, a car's owner for a plate and the right tech
 * passport: tried date after date, that is an oracle of personal data (a few hundred requests find a
 * birthday). A visitor mistypes a few times; past `perCaller` misses of one caller (an address), or
 * `perKey` misses of everyone, within `windowMs` the key answers 429 whatever is asked, right or
 * wrong, until the window has passed. The caller's own limit is the lower one, so a single address
 * that misses on purpose holds the key back for itself and not for its owner; the key's own limit
 * bounds a search spread over many addresses.
 */
export class FailedLookups {
  private readonly misses = new Map<string, number[]>();

  constructor(private readonly options: MissLimits & { what: string; maxKeys?: number; now?: () => number }) {}

  /** The lookup of `key` by `caller`, refused with 429 while either has had too many misses; a miss counted for both. */
  async guard<T>(key: string, caller: string, lookup: () => Promise<T | null>): Promise<T | null> {
    const now = (this.options.now ?? Date.now)();
    const callerKey = `${caller}\u0000${key}`;
    const ofKey = this.recent(key, now);
    const ofCaller = this.recent(callerKey, now);
    if (ofCaller.length >= this.options.perCaller || ofKey.length >= this.options.perKey) {
      throw new AppError(429, `too many lookups of this ${this.options.what} found nothing: try again later`);
    }
    const found = await lookup();
    if (found === null) {
      this.remember(key, [...ofKey, now]);
      this.remember(callerKey, [...ofCaller, now]);
    } else {
      // A find is the key's owner (or one who knows what they know): the misses before it were typos.
      this.misses.delete(key);
      this.misses.delete(callerKey);
    }
    return found;
  }

  private recent(key: string, now: number): number[] {
    return (this.misses.get(key) ?? []).filter((at) => now - at < this.options.windowMs);
  }

  private remember(key: string, at: number[]): void {
    // Refreshed keys move to the end: the first is the one missed longest ago, dropped when there are too many.
    this.misses.delete(key);
    this.misses.set(key, at);
    if (this.misses.size > (this.options.maxKeys ?? 200_000)) {
      const oldest = this.misses.keys().next().value;
      if (oldest !== undefined) this.misses.delete(oldest);
    }
  }
}

/**
 * Misses allowed per passport or plate an hour: ten for one address (a visitor's typos), thirty from
 * all addresses together (far too few to search a birthday: a day's worth is two years of dates).
 */
export const lookupMissLimits: MissLimits = { perCaller: 10, perKey: 30, windowMs: 3_600_000 };
