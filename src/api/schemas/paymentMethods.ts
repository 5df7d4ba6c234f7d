import * as z from 'zod/mini';
import { IdSchema } from './common';

/**
 * The `code` of the refusal to remove the last card while a paid plan is active (409). Kept here, not in
 * errorCodes.ts: only the billing screen needs it.
 */
export const LAST_PAYMENT_METHOD = 'LAST_PAYMENT_METHOD';

/** The brands the card list names; any other brand the provider sends shows as a plain "card". */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'unionpay', 'diners'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number] | 'card';

/** A field that may be missing or broken: then `fallback`, so what the list shows is always defined. */
const withDefault = <S extends z.ZodMiniType, F extends z.output<S>>(schema: S, fallback: F) =>
  z.pipe(
    z.catch(z.optional(schema), undefined),
    z.transform((value): z.output<S> | F => value ?? fallback),
  );

/**
 * A saved card as the provider tokenised it: never its number, only what identifies it to its owner. The list
 * needs the id and the last four digits; a missing brand shows as "card", a missing or broken expiry as
 * unknown, a missing default flag as not the default. Fields the client does not know pass through.
 */
export const PaymentMethodSchema = z.looseObject({
  id: IdSchema,
  last4: z.string().check(z.regex(/^\d{4}$/)),
  brand: z.catch(
    z.pipe(
      z.optional(z.string()),
      z.transform((b): CardBrand => {
        const brand = (b ?? '').trim().toLowerCase();
        return (CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : 'card';
      }),
    ),
    'card',
  ),
  /** 1 to 12; null when unknown. */
  expMonth: withDefault(z.nullable(z.int().check(z.gte(1), z.lte(12))), null),
  /** Four digits; null when unknown. */
  expYear: withDefault(z.nullable(z.int().check(z.gte(2000), z.lte(2100))), null),
  isDefault: withDefault(z.boolean(), false),
  holderName: withDefault(z.nullable(z.string()), null),
});
export type PaymentMethod = z.output<typeof PaymentMethodSchema>;

/** GET /payments/methods, and what make-default and remove answer: the cards as they now stand. */
export const PaymentMethodListSchema = z.array(PaymentMethodSchema);

/** POST /payments/methods/setup-session: the provider's page where a card is added. */
export const CardSetupSessionSchema = z.looseObject({
  url: z.string(),
  sessionId: z.optional(z.string()),
});
export type CardSetupSession = z.infer<typeof CardSetupSessionSchema>;

/**
 * What the provider's tokenising form hands over once a card is checked (demo provider only): the card's
 * brand, last four digits, expiry and holder, never its number or its CVC.
 */
export const TokenisedCardSchema = z.strictObject({
  brand: z.string().check(z.minLength(1)),
  last4: z.string().check(z.regex(/^\d{4}$/)),
  expMonth: z.int().check(z.gte(1), z.lte(12)),
  expYear: z.int().check(z.gte(2000), z.lte(2100)),
  holderName: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
});
export type TokenisedCard = z.infer<typeof TokenisedCardSchema>;

/** The endpoint's path below the API base (the mock serves it too, without the HTTP client). */
export const PAYMENT_METHODS_PATH = '/payments/methods';
