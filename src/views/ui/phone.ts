import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone number as people write it internationally, grouped the way its country groups it
 * ("+1 415 555 0123", "+86 138 1234 5678"). The server sends bare digits or other text: what is not a number
 * stays as it came, and a number the metadata does not know keeps its digits behind a "+".
 */
export function formatPhone(raw: string): string {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d{6,15}$/.test(compact)) return raw;
  const international = compact.startsWith('+') ? compact : `+${compact}`;
  return parsePhoneNumberFromString(international)?.formatInternational() ?? international;
}
