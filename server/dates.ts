/** Uzbekistan has one time zone (UTC+5, no daylight saving); "today" on a policy means Tashkent's day. */
export function todayInTashkent(now: Date = new Date()): string {
  return new Date(now.getTime() + 5 * 3_600_000).toISOString().slice(0, 10);
}
