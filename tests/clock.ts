/**
 * The one wall clock and time zone every test runs on: "today", "this week" and "this month" are the same at
 * whatever hour and in whatever zone the suite is started. vite.config.ts sets the zone for vitest, the setup
 * files start each test file's clock here, and playwright.config.ts / tests/e2e/support.ts give the browser the
 * same zone and start its clock at the same moment.
 *
 * Both can be moved to prove the suite does not lean on them (`npm run test:clock` runs the unit stage near
 * both ends of a day and in the zones furthest apart):
 *   TEST_TZ=Pacific/Kiritimati  the zone (an IANA name), UTC by default;
 *   TEST_NOW=00:05              the local time on the fixed day, or a whole local date and time.
 */

/** The fixed day: a Wednesday in the middle of a month, with no daylight-saving change near it. */
const DAY = '2026-11-18';
const TIME = '14:00';

export const TEST_TIME_ZONE = process.env.TEST_TZ || 'UTC';

/** TEST_NOW as a local date and time without a zone (read in TEST_TIME_ZONE). */
export function testLocalNow(value = process.env.TEST_NOW): string {
  const given = value?.trim() || TIME;
  const local = /^\d{1,2}:\d{2}(:\d{2})?$/.test(given) ? `${DAY}T${given.padStart(5, '0')}` : given;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) {
    throw new Error(`TEST_NOW must be HH:MM or YYYY-MM-DDTHH:MM, not "${given}"`);
  }
  return local.length === 16 ? `${local}:00` : local;
}

/** The epoch milliseconds of a local date and time in a zone (no DST change is near the fixed day). */
export function epochIn(timeZone: string, local: string): number {
  const asUtc = Date.parse(`${local}Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(asUtc);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const shown = Date.parse(
    `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}Z`,
  );
  return asUtc - (shown - asUtc);
}

/** The moment every test file (and every test page) starts at. */
export const TEST_START = epochIn(TEST_TIME_ZONE, testLocalNow());

const REAL_DATE = Symbol.for('influx.test.realDate');

/**
 * Starts this file's clock at TEST_START. It keeps running at the real pace from there (timers, timeouts and
 * elapsed times behave as they do without it), and a test's own fake timers start from it too.
 */
export function startTestClock(start = TEST_START): void {
  const g = globalThis as unknown as Record<symbol, DateConstructor | undefined>;
  const Real = g[REAL_DATE] ?? Date;
  g[REAL_DATE] = Real;
  const offset = start - Real.now();
  class TestDate extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(Real.now() + offset);
      else super(...(args as [string]));
    }
    static override now() {
      return Real.now() + offset;
    }
  }
  globalThis.Date = TestDate as DateConstructor;
}
