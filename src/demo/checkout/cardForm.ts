import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TokenisedCard } from '../../api/schemas/paymentMethods';
import { NO_SECRET, type Secret } from '../../machines/botSettings/database/secret';

/*
 * The demo provider's card form, as a real provider's tokenising form works: it checks the card, and hands
 * over only what identifies it (brand, last four digits, expiry, holder). The number and the CVC are kept as
 * Secrets (they write themselves out as "[redacted]" in snapshots, the QA tools, state links and logs) and
 * are read only here, to check them and to derive the brand and the last four digits.
 */

export const CARD_FIELDS = ['number', 'expiry', 'cvc', 'holder'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export interface CardForm {
  number: Secret;
  /** MM/YY as typed. */
  expiry: string;
  cvc: Secret;
  holder: string;
}
export type CardErrors = Partial<Record<CardField, MessageDescriptor>>;

export const EMPTY_CARD_FORM: CardForm = { number: NO_SECRET, expiry: '', cvc: NO_SECRET, holder: '' };

export const HOLDER_MAX = 100;

export const cardMessages = {
  numberRequired: msg`Enter the card number.`,
  numberInvalid: msg`This card number is not valid. Check the digits.`,
  expiryInvalid: msg`Enter the expiry as MM/YY.`,
  expiryPast: msg`This card has expired.`,
  cvcInvalid: msg`Enter the 3 or 4 digit security code.`,
  holderRequired: msg`Enter the name on the card.`,
  holderTooLong: msg`Use at most ${HOLDER_MAX} characters.`,
};

/** The digits of a card number as typed (spaces and dashes allowed between them), or null. */
export function cardDigits(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(compact) ? compact : null;
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The brand by the number's first digits (the networks' published ranges); 'card' when unknown. */
export function cardBrand(digits: string): string {
  const n2 = Number(digits.slice(0, 2));
  const n3 = Number(digits.slice(0, 3));
  const n4 = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((n2 >= 51 && n2 <= 55) || (n4 >= 2221 && n4 <= 2720)) return 'mastercard';
  if (n2 === 34 || n2 === 37) return 'amex';
  if (n4 === 6011 || n2 === 65 || (n3 >= 644 && n3 <= 649)) return 'discover';
  if (n2 === 35) return 'jcb';
  if (n2 === 62) return 'unionpay';
  if (n2 === 36 || n2 === 38 || (n3 >= 300 && n3 <= 305)) return 'diners';
  return 'card';
}

/** The expiry typed as MM/YY (or MM/YYYY), or null. */
export function parseExpiry(typed: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is valid to the end of its expiry month. */
export const expired = ({ month, year }: { month: number; year: number }, now: Date) =>
  year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);

/** Why each field would be refused; none when the card can be saved. */
export function validateCard(form: CardForm, now: Date): CardErrors {
  const errors: CardErrors = {};
  const typed = form.number.reveal();
  const digits = cardDigits(typed);
  if (!typed.trim()) errors.number = cardMessages.numberRequired;
  else if (!digits || !luhnValid(digits)) errors.number = cardMessages.numberInvalid;
  const expiry = parseExpiry(form.expiry);
  if (!expiry) errors.expiry = cardMessages.expiryInvalid;
  else if (expired(expiry, now)) errors.expiry = cardMessages.expiryPast;
  if (!/^\d{3,4}$/.test(form.cvc.reveal().trim())) errors.cvc = cardMessages.cvcInvalid;
  const holder = form.holder.trim();
  if (!holder) errors.holder = cardMessages.holderRequired;
  else if (holder.length > HOLDER_MAX) errors.holder = cardMessages.holderTooLong;
  return errors;
}

/** The first refused field in the form's order (where the focus goes). */
export const firstRefused = (errors: CardErrors): CardField | undefined => CARD_FIELDS.find((f) => errors[f]);

/**
 * What leaves the form for the provider: brand, last four digits, expiry and holder. Never the number, never
 * the CVC. Only for a form validateCard accepts.
 */
export function tokenise(form: CardForm): TokenisedCard {
  const digits = cardDigits(form.number.reveal()) ?? '';
  const expiry = parseExpiry(form.expiry) ?? { month: 1, year: 2000 };
  return {
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    expMonth: expiry.month,
    expYear: expiry.year,
    holderName: form.holder.trim(),
  };
}
