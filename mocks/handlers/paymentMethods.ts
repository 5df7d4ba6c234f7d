import { HttpResponse } from 'msw';
import {
  type CardSetupSession,
  LAST_PAYMENT_METHOD,
  PAYMENT_METHODS_PATH,
  type PaymentMethod,
  type TokenisedCard,
  TokenisedCardSchema,
} from '../../src/api/schemas/paymentMethods';
import { isoNow, now } from '../clock';
import {
  type CardSetupRecord,
  db,
  newId,
  notifyDbChanged,
  type PaymentMethodRecord,
  type Stored,
} from '../db';
import { planOf } from '../rules';
import { authedRoute, errorResponse, fail } from './common';

/** A card whose holder name contains this fails to be made default or removed with a 500 (for QA and tests). */
export const PAYMENT_METHOD_FAILURE_MARKER = '#mock-http-500';
/** The in-app page that stands in for the provider's card form (the demo checkout, in card-setup mode). */
export const DEMO_CARD_SETUP_PATH = '/demo-checkout';

const mine = (userId: string) =>
  db.paymentMethods
    .findMany((q) => q.where((m) => m.ownerId === userId))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));

/** A card as the API answers it: what the provider shows of it, no owner. */
const view = ({
  id,
  brand,
  last4,
  expMonth,
  expYear,
  isDefault,
  holderName,
}: PaymentMethodRecord): PaymentMethod => ({
  id,
  brand: brand as PaymentMethod['brand'],
  last4,
  expMonth,
  expYear,
  isDefault,
  holderName,
});
const listOf = (userId: string) => HttpResponse.json(mine(userId).map(view));

function findMine(userId: string, id: string): Stored<'paymentMethods'> {
  const card = db.paymentMethods.findFirst((q) => q.where((m) => m.id === id && m.ownerId === userId));
  if (!card) throw fail.notFound('Payment method');
  return card;
}

/** Whether the user is on a plan that is paid for (Free, level 0, is not). */
export const hasPaidPlan = (userId: string) => planOf(userId).level > 0;

async function makeDefault(userId: string, id: string) {
  for (const card of mine(userId)) {
    if (card.isDefault !== (card.id === id)) {
      await db.paymentMethods.update(card, {
        data(x) {
          x.isDefault = x.id === id;
        },
      });
    }
  }
}

const findSetup = (sessionId: string) =>
  db.cardSetups.findFirst((q) => q.where((s) => s.sessionId === sessionId));

/** The origin the app runs on: the page's (Origin header), else the API's. */
function appOrigin(request: Request): string {
  const origin = request.headers.get('origin');
  return origin && /^https?:\/\//.test(origin) ? origin : new URL(request.url).origin;
}

export interface CardSetupSummary {
  sessionId: string;
  status: CardSetupRecord['status'];
}

const setupSummary = ({ sessionId, status }: CardSetupRecord): CardSetupSummary => ({ sessionId, status });

/** What the demo card form shows: null for an unknown session. */
export function getCardSetup(sessionId: string): CardSetupSummary | null {
  const s = findSetup(sessionId);
  return s ? setupSummary(s) : null;
}

/** Why the demo provider refused a tokenised card. */
export class CardRefused extends Error {}

/**
 * The demo card form's "Save card": the provider keeps the tokenised card (brand, last four digits, expiry,
 * holder: the form never sends the number or the CVC, and anything more is refused) for the session's user.
 * The first card becomes the default. Null when the session is not pending.
 */
export async function completeCardSetup(
  sessionId: string,
  card: TokenisedCard,
): Promise<CardSetupSummary | null> {
  const s = findSetup(sessionId);
  if (s?.status !== 'pending') return null;
  const parsed = TokenisedCardSchema.safeParse(card);
  if (!parsed.success) throw new CardRefused('The card details are not valid');
  const today = new Date(now());
  const { expMonth, expYear } = parsed.data;
  if (
    expYear < today.getUTCFullYear() ||
    (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)
  ) {
    throw new CardRefused('The card has expired');
  }
  const first = mine(s.userId).length === 0;
  const saved = await db.paymentMethods.create({
    id: newId('pm'),
    ownerId: s.userId,
    ...parsed.data,
    brand: parsed.data.brand.toLowerCase(),
    holderName: parsed.data.holderName,
    isDefault: first,
    createdAt: isoNow(),
  });
  const done = await db.cardSetups.update(s, {
    data(x) {
      x.status = 'completed';
      x.paymentMethodId = saved.id;
    },
  });
  notifyDbChanged();
  return done ? setupSummary(done) : null;
}

/** The demo card form's "Cancel": nothing is saved. */
export async function cancelCardSetup(sessionId: string): Promise<CardSetupSummary | null> {
  const s = findSetup(sessionId);
  if (s?.status !== 'pending') return null;
  const cancelled = await db.cardSetups.update(s, {
    data(x) {
      x.status = 'cancelled';
    },
  });
  notifyDbChanged();
  return cancelled ? setupSummary(cancelled) : null;
}

export const paymentMethodHandlers = [
  authedRoute('get', PAYMENT_METHODS_PATH, ({ user }) => listOf(user.id)),

  authedRoute('post', `${PAYMENT_METHODS_PATH}/setup-session`, async ({ request, user }) => {
    const sessionId = `seti_demo_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;
    await db.cardSetups.create({
      sessionId,
      userId: user.id,
      status: 'pending',
      createdAt: isoNow(),
      paymentMethodId: null,
    });
    const url = `${appOrigin(request)}${DEMO_CARD_SETUP_PATH}?setup_session=${encodeURIComponent(sessionId)}`;
    return HttpResponse.json<CardSetupSession>({ url, sessionId }, { status: 201 });
  }),

  authedRoute('post', `${PAYMENT_METHODS_PATH}/:id/default`, async ({ params, user }) => {
    const card = findMine(user.id, String(params.id));
    if (card.holderName.includes(PAYMENT_METHOD_FAILURE_MARKER)) {
      return errorResponse(500, 'The payment provider is not available');
    }
    await makeDefault(user.id, card.id);
    return listOf(user.id);
  }),

  authedRoute('delete', `${PAYMENT_METHODS_PATH}/:id`, async ({ params, user }) => {
    const card = findMine(user.id, String(params.id));
    if (card.holderName.includes(PAYMENT_METHOD_FAILURE_MARKER)) {
      return errorResponse(500, 'The payment provider is not available');
    }
    const cards = mine(user.id);
    if (cards.length === 1 && hasPaidPlan(user.id)) {
      return errorResponse(409, 'The last payment method cannot be removed while a paid plan is active', {
        code: LAST_PAYMENT_METHOD,
      });
    }
    await db.paymentMethods.delete(card);
    // The default goes to the newest card left.
    const left = mine(user.id);
    const newest = left.at(-1);
    if (card.isDefault && newest) await makeDefault(user.id, newest.id);
    return listOf(user.id);
  }),
];
