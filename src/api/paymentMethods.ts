import { http, seg } from './client';
import {
  CardSetupSessionSchema,
  PAYMENT_METHODS_PATH,
  PaymentMethodListSchema,
} from './schemas/paymentMethods';

/** The user's saved cards (brand, last four digits, expiry, which is the default). */
export const listPaymentMethods = (signal?: AbortSignal) =>
  http.get(PAYMENT_METHODS_PATH, PaymentMethodListSchema, { signal });

/** Makes a card the one charged; answers the cards as they now stand. */
export const makeDefaultPaymentMethod = (id: string, signal?: AbortSignal) =>
  http.post(`${PAYMENT_METHODS_PATH}/${seg(id)}/default`, PaymentMethodListSchema, { signal });

/**
 * Removes a card; answers the cards left. Refused (409, LAST_PAYMENT_METHOD) for the last card while a paid
 * plan is active.
 */
export const removePaymentMethod = (id: string, signal?: AbortSignal) =>
  http.delete(`${PAYMENT_METHODS_PATH}/${seg(id)}`, PaymentMethodListSchema, { signal });

/** A card is added on the provider's page: this asks for its address. The card never passes through here. */
export const createCardSetupSession = (signal?: AbortSignal) =>
  http.post(`${PAYMENT_METHODS_PATH}/setup-session`, CardSetupSessionSchema, { signal });
