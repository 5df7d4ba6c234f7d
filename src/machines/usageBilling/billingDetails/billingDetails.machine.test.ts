import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import type { BillingDetails, BillingDetailsBody, BillingField } from '../../../api/schemas/billingDetails';
import {
  billingDetailsModel,
  noBillingDetails,
  sampleBillingDetails,
  sampleBillingForm,
} from '../../../demo/qa/flowModels/billingDetails.flowModel';
import { activateLocale } from '../../../i18n/i18n';
import { billingDetailsMachine, billingMessages, validateBillingForm } from './billingDetails.machine';

type Snap = SnapshotFrom<typeof billingDetailsMachine>;
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeAll(() => activateLocale('en', { persist: false }));

const serverError = (message: string) =>
  new ApiError({ kind: 'http', status: 500, endpoint: 'PUT /payments/billing-details', message });

function start(
  load: () => Promise<BillingDetails>,
  save: (body: BillingDetailsBody, signal: AbortSignal) => Promise<BillingDetails> = async (body) => ({
    ...body,
    updatedAt: '2026-11-25T00:00:00.000Z',
  }),
) {
  const saves: { body: BillingDetailsBody; signal: AbortSignal }[] = [];
  let loads = 0;
  const actor = createActor(
    billingDetailsMachine.provide({
      actors: {
        loadDetails: fromPromise(() => {
          loads++;
          return load();
        }),
        saveDetails: fromPromise(({ input, signal }) => {
          saves.push({ body: input, signal });
          return save(input, signal);
        }),
      },
    }),
  ).start();
  const refused: BillingField[] = [];
  actor.on('form.refused', (e) => refused.push(e.field));
  const fill = (form: Partial<Record<BillingField, string>>) => {
    for (const [field, value] of Object.entries(form)) {
      actor.send({ type: 'field.changed', field: field as BillingField, value });
    }
  };
  return { actor, saves, refused, fill, loads: () => loads, snap: () => actor.getSnapshot() };
}

describe('billing details: the rules', () => {
  it('takes the sample details, and names each field a save would be refused for', () => {
    expect(validateBillingForm(sampleBillingForm)).toEqual({});
    expect(
      validateBillingForm({
        ...sampleBillingForm,
        companyName: ' ',
        addressLine1: '',
        city: '',
        country: 'XX',
      }),
    ).toEqual({
      companyName: billingMessages.companyRequired,
      addressLine1: billingMessages.addressRequired,
      city: billingMessages.cityRequired,
      country: billingMessages.countryRequired,
    });
  });

  it.each([
    ['', true],
    ['DE123456789', true],
    ['71234567-000-03-24-A', true],
    ['GB 123 4567 89', true],
    ['12.345.678/0001-95', true],
    ['-123', false],
    ['123-', false],
    ['<script>', false],
    ['税号123', false],
  ])('takes the tax number %j: %s', (taxId, ok) => {
    expect(validateBillingForm({ ...sampleBillingForm, taxId }).taxId === undefined).toBe(ok);
  });

  it('refuses a bad billing e-mail and text over its limit, said with the limit', () => {
    const errors = validateBillingForm({
      ...sampleBillingForm,
      billingEmail: 'accounts@',
      companyName: 'x'.repeat(121),
      postalCode: '1'.repeat(21),
    });
    expect(errors).toEqual({
      billingEmail: billingMessages.emailInvalid,
      companyName: billingMessages.tooLong(120),
      postalCode: billingMessages.tooLong(20),
    });
  });
});

describe('billing details: loading, editing, saving', () => {
  it('shows what the server has; Edit starts from it; a refused save names the first field and sends nothing', async () => {
    const t = start(async () => noBillingDetails);
    expect(t.snap().hasTag('loading')).toBe(true);
    await settle();
    expect(t.snap().matches({ showing: 'idle' })).toBe(true);
    t.actor.send({ type: 'details.edited' });
    expect(t.snap().context.form.billingEmail).toBe('owner@demo.test');
    t.actor.send({ type: 'details.submitted' });
    expect(t.refused).toEqual(['companyName']);
    expect(Object.keys(t.snap().context.errors)).toEqual(['companyName', 'addressLine1', 'city', 'country']);
    expect(t.saves).toEqual([]);
    t.fill({ companyName: 'Harbour' });
    expect(Object.keys(t.snap().context.errors)).toEqual(['addressLine1', 'city', 'country']);
  });

  it('saves the trimmed details and shows them as saved', async () => {
    const t = start(async () => noBillingDetails);
    await settle();
    t.actor.send({ type: 'details.edited' });
    t.fill({ ...sampleBillingForm, companyName: '  Harbour Tea Trading Ltd.  ' });
    t.actor.send({ type: 'details.submitted' });
    expect(t.snap().hasTag('saving')).toBe(true);
    await settle();
    expect(t.saves.map((s) => s.body)).toEqual([sampleBillingForm]);
    expect(t.snap().hasTag('saved')).toBe(true);
    expect(t.snap().context.saved?.companyName).toBe('Harbour Tea Trading Ltd.');
  });

  it('keeps what was typed when the save fails, says why, and saves again', async () => {
    let fail = true;
    const t = start(
      async () => sampleBillingDetails,
      async (body) => {
        if (fail) throw serverError('Billing is down');
        return { ...body, updatedAt: null };
      },
    );
    await settle();
    t.actor.send({ type: 'details.edited' });
    t.fill({ city: 'Kowloon' });
    t.actor.send({ type: 'details.submitted' });
    await settle();
    expect(t.snap().hasTag('editing')).toBe(true);
    expect(t.snap().context.failure).toBe('Billing is down');
    expect(t.snap().context.form).toEqual({ ...sampleBillingForm, city: 'Kowloon' });
    expect(t.snap().context.saved?.city).toBe('Hong Kong');
    fail = false;
    t.actor.send({ type: 'details.submitted' });
    expect(t.snap().context.failure).toBeNull();
    await settle();
    expect(t.snap().context.saved?.city).toBe('Kowloon');
  });

  it('Cancel stops a save in flight and shows the saved details; the next Edit starts from them', async () => {
    const t = start(
      async () => sampleBillingDetails,
      () => new Promise(() => {}),
    );
    await settle();
    t.actor.send({ type: 'details.edited' });
    t.fill({ city: 'Kowloon' });
    t.actor.send({ type: 'details.submitted' });
    t.actor.send({ type: 'details.cancelled' });
    expect(t.saves[0]?.signal.aborted).toBe(true);
    expect(t.snap().matches({ showing: 'cancelled' })).toBe(true);
    t.actor.send({ type: 'details.edited' });
    expect(t.snap().context.form.city).toBe('Hong Kong');
  });

  it('a failed load offers a retry and no form (empty fields must not overwrite what the server has)', async () => {
    let fail = true;
    const t = start(async () => {
      if (fail) throw serverError('Billing is down');
      return sampleBillingDetails;
    });
    await settle();
    expect(t.snap().hasTag('error')).toBe(true);
    expect(t.snap().can({ type: 'details.edited' })).toBe(false);
    fail = false;
    t.actor.send({ type: 'details.retried' });
    await settle();
    expect(t.loads()).toBe(2);
    expect(t.snap().context.saved).toEqual(sampleBillingDetails);
    expect(t.snap().context.failure).toBeNull();
  });
});

describeStateViews(billingDetailsModel, {
  loading: { tags: ['loading'], runs: { loadDetails: () => {} } },
  loadFailed: {
    tags: ['error'],
    enabled: ['details.retried'],
    shows: (s: Snap) => expect(s.context.failure).not.toBeNull(),
  },
  notOffered: {
    tags: ['notOffered'],
    shows: (s: Snap) => {
      expect(s.context.failure).toBeNull();
      expect(s.context.saved).toBeNull();
    },
  },
  showing: {
    enabled: ['details.edited'],
    shows: (s: Snap) => expect(s.context.saved).not.toBeNull(),
  },
  'showing.idle': {},
  'showing.saved': {
    tags: ['saved', 'backFromForm'],
    shows: (s: Snap) => expect(s.context.failure).toBeNull(),
  },
  // Closed without saving: what was saved before shows, and nothing of the form's errors.
  'showing.cancelled': {
    tags: ['backFromForm'],
    shows: (s: Snap) => expect(s.context).toMatchObject({ errors: {}, failure: null }),
  },
  editing: { tags: ['editing'], enabled: ['details.cancelled'] },
  'editing.typing': {
    enabled: ['field.changed', 'details.submitted'],
    // Errors only name fields that would be refused.
    shows: (s: Snap) => {
      const refusedNow = validateBillingForm(s.context.form);
      for (const field of Object.keys(s.context.errors)) expect(refusedNow).toHaveProperty(field);
    },
  },
  'editing.saving': {
    tags: ['saving'],
    runs: {
      saveDetails: (input: BillingDetailsBody) => expect(validateBillingForm(input)).toEqual({}),
    },
    shows: (s: Snap) => {
      expect(s.context.errors).toEqual({});
      expect(s.context.failure).toBeNull();
    },
  },
});
