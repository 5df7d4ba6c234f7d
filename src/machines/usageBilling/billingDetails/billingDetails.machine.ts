import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, emit, setup } from 'xstate';
import { getBillingDetails, saveBillingDetails } from '../../../api/billingDetails';
import { EMAIL_PATTERN } from '../../../api/email';
import {
  BILLING_FIELDS,
  BILLING_LIMITS,
  type BillingDetails,
  type BillingDetailsBody,
  type BillingField,
  COUNTRY_CODES,
  EMPTY_BILLING_DETAILS,
  TAX_ID_PATTERN,
} from '../../../api/schemas/billingDetails';
import { describeError, notOffered } from '../../errors';
import { fromRequest } from '../../request';

/** The form as typed. */
export type BillingForm = Record<BillingField, string>;
export type BillingErrors = Partial<Record<BillingField, MessageDescriptor>>;

export const billingMessages = {
  companyRequired: msg`Enter the company name invoices are addressed to.`,
  addressRequired: msg`Enter the street address.`,
  cityRequired: msg`Enter the city.`,
  countryRequired: msg`Choose the country.`,
  taxIdInvalid: msg`Use letters and digits (spaces, dots, dashes and slashes may separate them).`,
  emailInvalid: msg`Enter a valid e-mail address for invoices.`,
  tooLong: (max: number) => msg`Use at most ${max} characters.`,
};

const countries = new Set(COUNTRY_CODES);

/** Why each field would be refused (the same rules as the request schema), none when it can be saved. */
export function validateBillingForm(form: BillingForm): BillingErrors {
  const errors: BillingErrors = {};
  if (!form.companyName.trim()) errors.companyName = billingMessages.companyRequired;
  if (!form.addressLine1.trim()) errors.addressLine1 = billingMessages.addressRequired;
  if (!form.city.trim()) errors.city = billingMessages.cityRequired;
  if (!countries.has(form.country)) errors.country = billingMessages.countryRequired;
  const taxId = form.taxId.trim();
  if (taxId && !TAX_ID_PATTERN.test(taxId)) errors.taxId = billingMessages.taxIdInvalid;
  if (!EMAIL_PATTERN.test(form.billingEmail.trim())) errors.billingEmail = billingMessages.emailInvalid;
  for (const field of BILLING_FIELDS) {
    const max = field === 'country' ? null : BILLING_LIMITS[field];
    if (max !== null && !errors[field] && form[field].trim().length > max) {
      errors[field] = billingMessages.tooLong(max);
    }
  }
  return errors;
}

/** The first refused field in the form's order (where the focus goes). */
export const firstRefused = (errors: BillingErrors): BillingField | undefined =>
  BILLING_FIELDS.find((field) => errors[field]);

const toBody = (form: BillingForm): BillingDetailsBody =>
  Object.fromEntries(BILLING_FIELDS.map((f) => [f, form[f].trim()])) as BillingDetailsBody;

const toForm = (details: BillingDetails | null): BillingForm =>
  Object.fromEntries(BILLING_FIELDS.map((f) => [f, details?.[f] ?? EMPTY_BILLING_DETAILS[f]])) as BillingForm;

export interface BillingDetailsContext {
  /** As the server last answered them; null until loaded. */
  saved: BillingDetails | null;
  form: BillingForm;
  /** Fields the last Save was refused for, until they change. */
  errors: BillingErrors;
  /** Why the last load or save failed; what was typed stays. */
  failure: MessageDescriptor | string | null;
}

export type BillingDetailsEvent =
  | { type: 'details.retried' }
  | { type: 'details.edited' }
  | { type: 'details.cancelled' }
  | { type: 'field.changed'; field: BillingField; value: string }
  | { type: 'details.submitted' };

/** A refused Save, for the view to move the focus to the field. */
export type BillingDetailsEmitted = { type: 'form.refused'; field: BillingField };

/**
 * The billing details (issue 18, point 4): who invoices are addressed to. They load with the screen and show
 * as an address; Edit opens them as a form. Save checks the form and names what to fix; a failed save keeps
 * what was typed and says why. A failed load offers a retry and no form, so empty fields never overwrite
 * details the server has.
 */
export const billingDetailsMachine = setup({
  types: {
    context: {} as BillingDetailsContext,
    events: {} as BillingDetailsEvent,
    emitted: {} as BillingDetailsEmitted,
  },
  actors: {
    loadDetails: fromRequest<BillingDetails, void>(({ signal }) => getBillingDetails(signal)),
    saveDetails: fromRequest<BillingDetails, BillingDetailsBody>(({ input, signal }) =>
      saveBillingDetails(input, signal),
    ),
  },
  guards: {
    notOffered,
    formRefused: ({ context }) => firstRefused(validateBillingForm(context.form)) !== undefined,
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const { [event.field]: _fixed, ...errors } = context.errors;
      return { form: { ...context.form, [event.field]: event.value }, errors, failure: null };
    }),
    refuse: assign(({ context }) => ({ errors: validateBillingForm(context.form), failure: null })),
    tellRefused: emit(({ context }) => ({
      type: 'form.refused' as const,
      field: firstRefused(validateBillingForm(context.form)) ?? 'companyName',
    })),
    fail: assign({ failure: ({ event }) => describeError((event as unknown as { error: unknown }).error) }),
  },
}).createMachine({
  id: 'billingDetails',
  context: { saved: null, form: toForm(null), errors: {}, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadDetails',
        src: 'loadDetails',
        onDone: {
          target: 'showing',
          actions: assign({ saved: ({ event }) => event.output, failure: null }),
        },
        onError: [
          { guard: 'notOffered', target: 'notOffered', actions: assign({ failure: null }) },
          { target: 'loadFailed', actions: 'fail' },
        ],
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'details.retried': 'loading' },
    },
    /** The server keeps no billing details (the call is ours, beyond the spec's): the card says so once. */
    notOffered: {
      tags: ['notOffered'],
    },
    showing: {
      initial: 'idle',
      on: {
        'details.edited': {
          target: 'editing',
          actions: assign({ form: ({ context }) => toForm(context.saved), errors: {}, failure: null }),
        },
      },
      // `backFromForm`: the user just closed the form, so the view may move the focus to Edit; on a first
      // load (idle) the focus stays where the user has it.
      states: {
        idle: {},
        /** Just saved: the card says so until the next edit. */
        saved: { tags: ['saved', 'backFromForm'] },
        cancelled: { tags: ['backFromForm'] },
      },
    },
    editing: {
      initial: 'typing',
      on: {
        'details.cancelled': {
          target: '#billingDetails.showing.cancelled',
          actions: assign({ errors: {}, failure: null }),
        },
      },
      states: {
        typing: {
          tags: ['editing'],
          on: {
            'field.changed': { actions: 'setField' },
            'details.submitted': [
              { guard: 'formRefused', actions: ['refuse', 'tellRefused'] },
              { target: 'saving', actions: assign({ errors: {}, failure: null }) },
            ],
          },
        },
        saving: {
          tags: ['editing', 'saving'],
          invoke: {
            id: 'saveDetails',
            src: 'saveDetails',
            input: ({ context }) => toBody(context.form),
            onDone: {
              target: '#billingDetails.showing.saved',
              actions: assign({ saved: ({ event }) => event.output }),
            },
            onError: { target: 'typing', actions: 'fail' },
          },
        },
      },
    },
  },
});
