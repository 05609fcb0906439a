// Uzbekistan has one time zone (UTC+5, no daylight saving).
const tashkentOffsetMs = 5 * 3_600_000;
const dayMs = 86_400_000;

// Asked on every priced request: the day is kept from one Tashkent midnight to the next instead
// of formatting a new Date each time. Both ends are checked, so a clock set back is followed too.
let today = { from: 0, until: 0, iso: '' };

/** Today in Tashkent, ISO (`now`'s day when given): "today" on a policy means Tashkent's day. */
export function todayInTashkent(now?: Date): string {
  if (now) return isoDayAt(now.getTime());
  const ms = Date.now();
  if (ms < today.from || ms >= today.until) {
    const local = ms + tashkentOffsetMs;
    const midnight = local - (((local % dayMs) + dayMs) % dayMs) - tashkentOffsetMs;
    today = { from: midnight, until: midnight + dayMs, iso: isoDayAt(ms) };
  }
  return today.iso;
}

function isoDayAt(ms: number): string {
  return new Date(ms + tashkentOffsetMs).toISOString().slice(0, 10);
}

/** The hour (0–23) on Tashkent's clock at `at`. */
export function tashkentHour(at: Date): number {
  return new Date(at.getTime() + tashkentOffsetMs).getUTCHours();
}

/** The moment Tashkent's day `isoDay` (`YYYY-MM-DD`) begins. */
export function tashkentMidnight(isoDay: string): Date {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) - tashkentOffsetMs);
}

/** A moment on Tashkent's clock, `YYYY-MM-DD HH:mm:ss` (as Uzbek payment providers write times, Click's `sign_time`). */
export function tashkentDateTime(at: Date): string {
  return new Date(at.getTime() + tashkentOffsetMs).toISOString().slice(0, 19).replace('T', ' ');
}
