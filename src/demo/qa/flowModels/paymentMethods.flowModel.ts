import { ApiError } from '../../../api/errors';
import { LAST_PAYMENT_METHOD, type PaymentMethod } from '../../../api/schemas/paymentMethods';
import { type FlowModel, failingOrNotOffered, oneOf } from '../../../machines/model';
import {
  type PaymentMethodsContext,
  paymentMethodsMachine,
} from '../../../machines/usageBilling/paymentMethods/paymentMethods.machine';

/** The demo owner's two cards, as the list answers them. */
export const visa: PaymentMethod = {
  id: 'pm-owner-visa',
  brand: 'visa',
  last4: '4242',
  expMonth: 8,
  expYear: 2028,
  isDefault: true,
  holderName: 'Demo Owner',
};
export const mastercard: PaymentMethod = {
  id: 'pm-owner-mastercard',
  brand: 'mastercard',
  last4: '5100',
  expMonth: 3,
  expYear: 2027,
  isDefault: false,
  holderName: 'Demo Owner',
};
export const bothCards = [visa, mastercard];
/** What is left once the Visa is removed: the Mastercard, now the default. */
export const mastercardOnly = [{ ...mastercard, isDefault: true }];

export const onStarter = { name: 'Starter', level: 1 };
export const onFree = { name: 'Free', level: 0 };

export const lastCardRefusal = new ApiError({
  kind: 'http',
  status: 409,
  endpoint: 'DELETE /payments/methods/{id}',
  message: 'The last payment method cannot be removed while a paid plan is active',
  body: { statusCode: 409, message: 'The last payment method cannot be removed', code: LAST_PAYMENT_METHOD },
});

export const paymentMethodsModel: FlowModel = {
  id: 'paymentMethods',
  machine: paymentMethodsMachine,
  events: [
    { type: 'membership.known', current: onStarter },
    { type: 'membership.known', current: onFree },
    { type: 'methods.retry' },
    { type: 'method.defaultRequested', id: mastercard.id },
    { type: 'method.removeRequested', id: visa.id },
    { type: 'method.removeRequested', id: mastercard.id },
    { type: 'removal.confirmed' },
    { type: 'removal.cancelled' },
    { type: 'card.addRequested' },
  ],
  outputs: {
    load: oneOf(bothCards, mastercardOnly),
    makeDefault: [
      { ...visa, isDefault: false },
      { ...mastercard, isDefault: true },
    ],
    remove: mastercardOnly,
    // A provider page, and an address that must not be followed.
    startSetup: oneOf({ url: 'https://pay.example/setup/seti_1' }, { url: 'javascript:alert(1)' }),
  },
  errors: { remove: oneOf(lastCardRefusal), load: failingOrNotOffered('load') },
  // What decides the guards and what the card shows.
  serialize: ({ context: c }: { context: PaymentMethodsContext }) => [
    c.methods.map((m) => `${m.id}:${m.isDefault}`).join(),
    c.current?.level ?? null,
    c.failure?.action ?? null,
    c.targetId,
    c.loadError !== null,
  ],
};
