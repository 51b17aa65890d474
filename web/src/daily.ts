/**
 * The deal of the day: the same deal for everyone on a date, with no server. It is the `exact` code
 * (formats.md) that the library's uniform stream of codes `RandomCodes(n)` gives first, n the
 * number of days from 1970-01-01 to the date on the player's calendar, so any copy of the app, or
 * anyone with the library, deals the same cards that day.
 */
import { RandomCodes } from '../../src/index.ts';

/** A date on the player's calendar: YYYY-MM-DD. */
export function localDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Days from 1970-01-01 to a date (YYYY-MM-DD). */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** The deal of the day's `exact` code, in digits. */
export function dailyCode(date: string): string {
  return new RandomCodes(dayNumber(date)).next().toString();
}
