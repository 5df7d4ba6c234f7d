import { secret } from '../../../machines/botSettings/database/secret';
import type { FlowModel } from '../../../machines/model';
import { oneOf } from '../../../machines/model';
import { cardSetupMachine } from '../../checkout/cardSetup.machine';

const summary = (status: 'pending' | 'completed' | 'cancelled') => ({ sessionId: 'seti_demo_model', status });

/** The test card every provider documents, typed as a user would. */
export const VALID_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', holder: 'Mei Chen' };

export const cardSetupModel: FlowModel<{ sessionId: string | null }> = {
  id: 'cardSetup',
  machine: cardSetupMachine,
  input: { sessionId: 'seti_demo_model' },
  inputs: [{ sessionId: null }],
  events: [
    { type: 'field.changed', field: 'number', value: secret(VALID_CARD.number) },
    { type: 'field.changed', field: 'expiry', value: VALID_CARD.expiry },
    { type: 'field.changed', field: 'cvc', value: secret(VALID_CARD.cvc) },
    { type: 'field.changed', field: 'holder', value: VALID_CARD.holder },
    { type: 'card.submitted' },
    { type: 'setup.cancelled' },
  ],
  outputs: {
    lookup: oneOf(summary('pending'), summary('completed'), null),
    save: oneOf(summary('completed'), null),
    cancel: summary('cancelled'),
  },
  serialize: ({ context: c }) => [
    c.setup?.status ?? null,
    c.form.number.reveal() !== '',
    c.form.expiry,
    c.form.cvc.reveal() !== '',
    c.form.holder,
    Object.keys(c.errors).sort().join(),
    c.failure !== null,
  ],
};
