import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, emit, setup } from 'xstate';
import { EMAIL_PATTERN } from '../../../api/email';
import { sendSalesInquiry } from '../../../api/sales';
import {
  SALES_COMPANY_MAX,
  SALES_MESSAGE_MAX,
  SALES_NAME_MAX,
  SALES_NUMBERS_MAX,
  SALES_NUMBERS_MIN,
  type SalesInquiryBody,
  type SalesInquiryReceipt,
} from '../../../api/schemas/sales';
import { i18n } from '../../../i18n/i18n';
import { describeError, notOffered } from '../../errors';
import { fromRequest } from '../../request';

export const SALES_FIELDS = ['name', 'email', 'company', 'numbers', 'message'] as const;
export type SalesField = (typeof SALES_FIELDS)[number];
/** The form as typed (the number of WhatsApp numbers too: it is checked, not coerced, while typing). */
export type SalesForm = Record<SalesField, string>;
export type SalesErrors = Partial<Record<SalesField, MessageDescriptor>>;

export const EMPTY_SALES_FORM: SalesForm = { name: '', email: '', company: '', numbers: '', message: '' };

export const salesMessages = {
  nameRequired: msg`Enter your name.`,
  emailInvalid: msg`Enter a valid e-mail address.`,
  companyRequired: msg`Enter your company's name.`,
  numbersInvalid: msg`Enter a whole number from ${SALES_NUMBERS_MIN} to ${SALES_NUMBERS_MAX}.`,
  tooLong: (max: number) => msg`Use at most ${max} characters.`,
};

const LIMITS: Partial<Record<SalesField, number>> = {
  name: SALES_NAME_MAX,
  company: SALES_COMPANY_MAX,
  message: SALES_MESSAGE_MAX,
};

/** Why each field would be refused (the same rules as the request schema), none when it can be sent. */
export function validateSalesForm(form: SalesForm): SalesErrors {
  const errors: SalesErrors = {};
  if (!form.name.trim()) errors.name = salesMessages.nameRequired;
  if (!EMAIL_PATTERN.test(form.email.trim())) errors.email = salesMessages.emailInvalid;
  if (!form.company.trim()) errors.company = salesMessages.companyRequired;
  const numbers = form.numbers.trim();
  const count = Number(numbers);
  if (!/^\d+$/.test(numbers) || count < SALES_NUMBERS_MIN || count > SALES_NUMBERS_MAX) {
    errors.numbers = salesMessages.numbersInvalid;
  }
  for (const [field, max] of Object.entries(LIMITS) as [SalesField, number][]) {
    if (!errors[field] && form[field].trim().length > max) errors[field] = salesMessages.tooLong(max);
  }
  return errors;
}

/** The first refused field in the form's order (where the focus goes). */
export const firstRefused = (errors: SalesErrors): SalesField | undefined =>
  SALES_FIELDS.find((field) => errors[field]);

export const toInquiry = (form: SalesForm, language: string): SalesInquiryBody => ({
  name: form.name.trim(),
  email: form.email.trim(),
  company: form.company.trim(),
  numbersNeeded: Number(form.numbers.trim()),
  message: form.message.trim(),
  language,
});

export interface SalesContext {
  form: SalesForm;
  /** Fields the last Send was refused for, until they change. */
  errors: SalesErrors;
  /** Why the last send failed; what was typed stays. */
  failure: MessageDescriptor | string | null;
  /** The inquiry sent, once the server has it. */
  receipt: SalesInquiryReceipt | null;
}

export type SalesEvent =
  | { type: 'sales.opened' }
  | { type: 'sales.closed' }
  | { type: 'field.changed'; field: SalesField; value: string }
  | { type: 'inquiry.submitted' };

/** A refused Send, for the view to move the focus to the field. */
export type SalesEmitted = { type: 'form.refused'; field: SalesField };

/**
 * Talk to sales (issue 18, point 6): a dialog asking for a name, an e-mail address, the company, how many
 * WhatsApp numbers and a message. Send checks the form first and names what to fix; a failed send keeps what
 * was typed and says why. Closing the dialog stops a send in flight and keeps the draft; after a sent
 * inquiry, the next one starts empty.
 */
export const salesInquiryMachine = setup({
  types: {
    context: {} as SalesContext,
    events: {} as SalesEvent,
    emitted: {} as SalesEmitted,
  },
  actors: {
    sendInquiry: fromRequest<SalesInquiryReceipt, SalesInquiryBody>(({ input, signal }) =>
      sendSalesInquiry(input, signal),
    ),
  },
  guards: {
    formRefused: ({ context }) => firstRefused(validateSalesForm(context.form)) !== undefined,
    wasSent: ({ context }) => context.receipt !== null,
    notOffered,
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const { [event.field]: _fixed, ...errors } = context.errors;
      return { form: { ...context.form, [event.field]: event.value }, errors, failure: null };
    }),
    refuse: assign(({ context }) => ({ errors: validateSalesForm(context.form), failure: null })),
    tellRefused: emit(({ context }) => ({
      type: 'form.refused' as const,
      field: firstRefused(validateSalesForm(context.form)) ?? 'name',
    })),
    startAfresh: assign({ form: EMPTY_SALES_FORM, errors: {}, failure: null, receipt: null }),
    forgetFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'salesInquiry',
  context: { form: EMPTY_SALES_FORM, errors: {}, failure: null, receipt: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'sales.opened': [
          { guard: 'wasSent', target: 'open', actions: 'startAfresh' },
          { target: 'open', actions: 'forgetFailure' },
        ],
      },
    },
    open: {
      initial: 'editing',
      on: { 'sales.closed': 'closed' },
      states: {
        editing: {
          tags: ['editing'],
          on: {
            'field.changed': { actions: 'setField' },
            'inquiry.submitted': [
              { guard: 'formRefused', actions: ['refuse', 'tellRefused'] },
              { target: 'sending', actions: assign({ errors: {}, failure: null }) },
            ],
          },
        },
        sending: {
          tags: ['sending'],
          invoke: {
            id: 'sendInquiry',
            src: 'sendInquiry',
            input: ({ context }) => toInquiry(context.form, i18n.locale),
            onDone: { target: 'sent', actions: assign({ receipt: ({ event }) => event.output }) },
            onError: [
              { guard: 'notOffered', target: 'notOffered' },
              { target: 'editing', actions: assign({ failure: ({ event }) => describeError(event.error) }) },
            ],
          },
        },
        sent: { tags: ['sent'] },
        /**
         * The server takes no messages for sales (the call is ours, beyond the spec's): the dialog says so,
         * keeps what was typed, and offers no sending again.
         */
        notOffered: {
          tags: ['notOffered'],
          on: { 'field.changed': { actions: 'setField' } },
        },
      },
    },
  },
});
