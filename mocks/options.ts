/**
 * Switches the handlers read at request time. Scenarios set them (see scenarios.ts); tests may too, and
 * should call resetMockOptions afterwards.
 */
export interface MockOptions {
  /** The simulated phone never scans: instances wait with a rotating QR code forever. */
  qrNeverScanned: boolean;
  /** How long the 'slow' scenario holds every call. */
  slowDelayMs: number;
  /**
   * With 'session-expiring': authenticated calls a token may make before it expires. The dashboard makes seven
   * (its figures, the trends, the activity and the hand-offs), its first-run checklist three (for an account
   * that has not finished or put it away), the app's instance watch two (the list, then its stream) and the
   * count of conversations waiting for a person one: the next screen's first call is refused.
   */
  callsBeforeExpiry: number;
}

const DEFAULTS: MockOptions = { qrNeverScanned: false, slowDelayMs: 3000, callsBeforeExpiry: 13 };

export const mockOptions: MockOptions = { ...DEFAULTS };

export function resetMockOptions(): void {
  Object.assign(mockOptions, DEFAULTS);
}
