import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The country's grouping of an international number ("+8613812345678" → "+86 138 1234 5678"), or undefined
 * for a number the metadata does not know. Loaded on its own (phone.ts): the metadata is about 30 KB
 * compressed, more than a screen's own code.
 */
export const groupInternational = (international: string): string | undefined =>
  parsePhoneNumberFromString(international)?.formatInternational();
