import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import type { SalesInquiryBody, SalesInquiryReceipt } from '../../../api/schemas/sales';
import {
  salesInquiryModel,
  sampleInquiry,
  sampleReceipt,
} from '../../../demo/qa/flowModels/salesInquiry.flowModel';
import { activateLocale } from '../../../i18n/i18n';
import {
  EMPTY_SALES_FORM,
  type SalesField,
  salesInquiryMachine,
  salesMessages,
  validateSalesForm,
} from './salesInquiry.machine';

type Snap = SnapshotFrom<typeof salesInquiryMachine>;
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeAll(() => activateLocale('en', { persist: false }));

function start(send: (body: SalesInquiryBody, signal: AbortSignal) => Promise<SalesInquiryReceipt>) {
  const calls: { body: SalesInquiryBody; signal: AbortSignal }[] = [];
  const actor = createActor(
    salesInquiryMachine.provide({
      actors: {
        sendInquiry: fromPromise(({ input, signal }) => {
          calls.push({ body: input, signal });
          return send(input, signal);
        }),
      },
    }),
  ).start();
  const refused: SalesField[] = [];
  actor.on('form.refused', (e) => refused.push(e.field));
  const fill = (form: Partial<Record<SalesField, string>>) => {
    for (const [field, value] of Object.entries(form)) {
      actor.send({ type: 'field.changed', field: field as SalesField, value });
    }
  };
  return { actor, calls, refused, fill, snap: () => actor.getSnapshot() };
}

describe('talk to sales: the form', () => {
  it('refuses an empty form, naming every field but the message, and sends nothing', () => {
    const t = start(async () => sampleReceipt);
    t.actor.send({ type: 'sales.opened' });
    t.actor.send({ type: 'inquiry.submitted' });
    expect(t.snap().hasTag('editing')).toBe(true);
    expect(t.snap().context.errors).toEqual({
      name: salesMessages.nameRequired,
      email: salesMessages.emailInvalid,
      company: salesMessages.companyRequired,
      numbers: salesMessages.numbersInvalid,
    });
    expect(t.refused).toEqual(['name']);
    expect(t.calls).toEqual([]);
    // Fixing a field clears its message only.
    t.fill({ name: 'Mei' });
    expect(Object.keys(t.snap().context.errors)).toEqual(['email', 'company', 'numbers']);
  });

  it.each([
    ['0', false],
    ['1', true],
    ['10000', true],
    ['10001', false],
    ['2.5', false],
    ['-3', false],
    ['twelve', false],
    [' 25 ', true],
  ])('takes %j WhatsApp numbers: %s', (numbers, ok) => {
    expect(validateSalesForm({ ...sampleInquiry, numbers }).numbers === undefined).toBe(ok);
  });

  it('refuses text over its limit, said with the limit', () => {
    const errors = validateSalesForm({ ...sampleInquiry, name: 'x'.repeat(101), message: 'y'.repeat(2001) });
    expect(errors.name).toEqual(salesMessages.tooLong(100));
    expect(errors.message).toEqual(salesMessages.tooLong(2000));
    expect(validateSalesForm({ ...sampleInquiry, email: 'mei@' }).email).toEqual(salesMessages.emailInvalid);
    expect(validateSalesForm(sampleInquiry)).toEqual({});
  });
});

describe('talk to sales: sending', () => {
  it('sends the trimmed inquiry in the interface language and confirms; the next one starts empty', async () => {
    const t = start(async () => sampleReceipt);
    t.actor.send({ type: 'sales.opened' });
    t.fill({ ...sampleInquiry, name: '  Mei Chen  ', numbers: ' 25 ' });
    t.actor.send({ type: 'inquiry.submitted' });
    expect(t.snap().hasTag('sending')).toBe(true);
    await settle();
    expect(t.calls.map((c) => c.body)).toEqual([
      {
        name: 'Mei Chen',
        email: sampleInquiry.email,
        company: sampleInquiry.company,
        numbersNeeded: 25,
        message: sampleInquiry.message,
        language: 'en',
      },
    ]);
    expect(t.snap().hasTag('sent')).toBe(true);
    expect(t.snap().context.receipt).toEqual(sampleReceipt);
    t.actor.send({ type: 'sales.closed' });
    t.actor.send({ type: 'sales.opened' });
    expect(t.snap().context.form).toEqual(EMPTY_SALES_FORM);
    expect(t.snap().context.receipt).toBeNull();
  });

  it('keeps what was typed when the send fails, says why, and sends again', async () => {
    let fail = true;
    const t = start(async () => {
      if (fail)
        throw new ApiError({
          kind: 'http',
          status: 500,
          endpoint: 'POST /sales/inquiries',
          message: 'Inbox down',
        });
      return sampleReceipt;
    });
    t.actor.send({ type: 'sales.opened' });
    t.fill(sampleInquiry);
    t.actor.send({ type: 'inquiry.submitted' });
    await settle();
    expect(t.snap().hasTag('editing')).toBe(true);
    expect(t.snap().context.failure).toBe('Inbox down');
    expect(t.snap().context.form).toEqual(sampleInquiry);
    fail = false;
    t.actor.send({ type: 'inquiry.submitted' });
    expect(t.snap().context.failure).toBeNull();
    await settle();
    expect(t.snap().hasTag('sent')).toBe(true);
  });

  it('stops a send when the dialog closes, and keeps the draft for the next time', async () => {
    const t = start(() => new Promise(() => {}));
    t.actor.send({ type: 'sales.opened' });
    t.fill(sampleInquiry);
    t.actor.send({ type: 'inquiry.submitted' });
    t.actor.send({ type: 'sales.closed' });
    expect(t.calls[0]?.signal.aborted).toBe(true);
    expect(t.snap().value).toBe('closed');
    t.actor.send({ type: 'sales.opened' });
    expect(t.snap().context.form).toEqual(sampleInquiry);
    expect(t.snap().hasTag('editing')).toBe(true);
  });
});

const hasNoErrors = (s: Snap) => expect(s.context.errors).toEqual({});

describeStateViews(salesInquiryModel, {
  closed: { enabled: ['sales.opened'] },
  open: { enabled: ['sales.closed'] },
  'open.editing': {
    tags: ['editing'],
    enabled: ['field.changed', 'inquiry.submitted'],
    // Errors only name fields that would be refused.
    shows: (s: Snap) => {
      const refusedNow = validateSalesForm(s.context.form);
      for (const field of Object.keys(s.context.errors)) expect(refusedNow).toHaveProperty(field);
    },
  },
  'open.sending': {
    tags: ['sending'],
    runs: {
      sendInquiry: (input: SalesInquiryBody) =>
        expect(input.numbersNeeded).toBe(Number(sampleInquiry.numbers)),
    },
    shows: (s: Snap) => {
      hasNoErrors(s);
      expect(s.context.failure).toBeNull();
    },
  },
  'open.sent': {
    tags: ['sent'],
    shows: (s: Snap) => expect(s.context.receipt).toEqual(sampleReceipt),
  },
  // What was typed is kept, and can still be changed (to copy it elsewhere); nothing to send it with.
  'open.notOffered': {
    tags: ['notOffered'],
    enabled: ['field.changed'],
    shows: (s: Snap) => {
      hasNoErrors(s);
      expect(s.context.failure).toBeNull();
      expect(s.context.receipt).toBeNull();
      expect(s.context.form).not.toEqual(EMPTY_SALES_FORM);
    },
  },
});
