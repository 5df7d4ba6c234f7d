/**
 * The mock's notion of "now". Everything time-based in the mock (codes that expire, QR codes that rotate,
 * "today" filters, seeded dates) reads it, so tests can move time without fake timers.
 */
let source: (() => number) | null = null;

export function now(): number {
  return source ? source() : Date.now();
}

/** Replaces the time source; `null` goes back to the real clock. */
export function setNow(fn: (() => number) | null): void {
  source = fn;
}

export const isoNow = () => new Date(now()).toISOString();

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
