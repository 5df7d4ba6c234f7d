import * as z from 'zod/mini';
import { EMAIL_PATTERN } from '../email';
import { DateTimeSchema } from './common';

/** How long each field of the billing details may be (the form checks the same before saving). */
export const BILLING_LIMITS = {
  companyName: 120,
  addressLine1: 200,
  addressLine2: 200,
  city: 100,
  region: 100,
  postalCode: 20,
  taxId: 32,
  billingEmail: 254,
} as const;

/**
 * ISO 3166-1 alpha-2 codes of the countries an invoice can be addressed to; their names come from the
 * browser's Intl.DisplayNames in the interface language.
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AR AT AU AW AZ BA BB BD BE BF BG BH BI BJ BM BN BO BR BS BT BW BY BZ CA CD CF CG CH ' +
  'CI CL CM CN CO CR CV CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FO FR GA GB GD GE GH GI GL GM GN GQ GR ' +
  'GT GW GY HK HN HR HT HU ID IE IL IN IQ IS IT JM JO JP KE KG KH KI KM KN KR KW KY KZ LA LB LC LI LK LR LS LT ' +
  'LU LV LY MA MC MD ME MG MK ML MM MN MO MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NZ OM PA PE PG PH PK PL ' +
  'PR PS PT PY QA RO RS RW SA SB SC SE SG SI SK SL SM SN SO SR ST SV SZ TD TG TH TJ TL TM TN TO TR TT TV TW TZ ' +
  'UA UG US UY UZ VA VC VE VN VU WS XK YE ZA ZM ZW'
).split(' ');

/** Letters and digits, with the spaces, dots, dashes and slashes tax numbers are written with. */
export const TAX_ID_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ./-]*[A-Za-z0-9])?$/;

const required = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const optional = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/** PUT /payments/billing-details: who the invoices are addressed to. Empty optional fields are "". */
export const BillingDetailsBodySchema = z.object({
  companyName: required(BILLING_LIMITS.companyName),
  addressLine1: required(BILLING_LIMITS.addressLine1),
  addressLine2: optional(BILLING_LIMITS.addressLine2),
  city: required(BILLING_LIMITS.city),
  region: optional(BILLING_LIMITS.region),
  postalCode: optional(BILLING_LIMITS.postalCode),
  country: z.enum(COUNTRY_CODES as [string, ...string[]]),
  taxId: z.string().check(
    z.trim(),
    z.maxLength(BILLING_LIMITS.taxId),
    z.refine((v) => v === '' || TAX_ID_PATTERN.test(v), 'not a tax number'),
  ),
  billingEmail: z.string().check(z.trim(), z.maxLength(BILLING_LIMITS.billingEmail), z.regex(EMAIL_PATTERN)),
});
export type BillingDetailsBody = z.infer<typeof BillingDetailsBodySchema>;

/** A field the server leaves out, or sends as null or as something else, reads as empty. */
const text = z.catch(z.string(), '');

/**
 * The billing details as the server answers them (GET, and PUT's echo). Tolerant: a server that has none
 * answers empty fields (or leaves them out), and the form starts empty.
 */
export const BillingDetailsSchema = z.looseObject({
  companyName: text,
  addressLine1: text,
  addressLine2: text,
  city: text,
  region: text,
  postalCode: text,
  country: text,
  taxId: text,
  billingEmail: text,
  updatedAt: z.catch(z.nullable(DateTimeSchema), null),
});
export type BillingDetails = z.infer<typeof BillingDetailsSchema>;

export const BILLING_FIELDS = [
  'companyName',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'taxId',
  'billingEmail',
] as const satisfies ReadonlyArray<keyof BillingDetailsBody>;
export type BillingField = (typeof BILLING_FIELDS)[number];

/** Details with every field empty: what a user who never saved any has. */
export const EMPTY_BILLING_DETAILS: BillingDetailsBody = {
  companyName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  taxId: '',
  billingEmail: '',
};

/** Whether the details are enough to address an invoice to (the required fields are filled). */
export const hasBillingDetails = (d: Pick<BillingDetails, 'companyName' | 'addressLine1' | 'country'>) =>
  d.companyName.trim() !== '' && d.addressLine1.trim() !== '' && d.country !== '';

/** The endpoint's path below the API base (the mock serves it too, without the HTTP client). */
export const BILLING_DETAILS_PATH = '/payments/billing-details';
