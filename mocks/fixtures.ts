import { BOT_SETTINGS_DEFAULTS, type Chatbot } from '../src/api/schemas/chatbots';
import type { ActivityLogEntry } from '../src/api/schemas/dashboard';
import { type MembershipPlan, MembershipPlanSchema } from '../src/api/schemas/membership';
import type { ScheduleTypeCode } from '../src/api/schemas/payments';
import type { UploadedFile } from '../src/api/schemas/upload';
import { isoNow, MINUTE, now } from './clock';
import {
  type ActivityRecord,
  type ChatMessageRecord,
  type ChatSessionRecord,
  type CheckoutRecord,
  db,
  type InstanceRecord,
  type MembershipRecord,
  newId,
  type PaymentMethodRecord,
  type PlanRecord,
  type TestThreadRecord,
} from './db';
import { addMonths } from './periods';
import { FREE_PLAN, findPlan, membershipOf } from './rules';

/**
 * Builders of a known state, used by the demo seed, by tests and by Pact provider states. Each accepts an
 * explicit id, so a contract can name `/whatsapp/inst-1` and its state handler create exactly `inst-1`.
 */

export const LOGIN_CODE_TTL_MS = 10 * MINUTE;

const plan = (p: Omit<PlanRecord, 'hasAdvancedFeatures' | 'hasCustomPrompt'> & Partial<PlanRecord>) =>
  MembershipPlanSchema.parse({ hasAdvancedFeatures: false, hasCustomPrompt: false, ...p });

export const DEFAULT_PLANS: readonly MembershipPlan[] = [
  FREE_PLAN,
  plan({
    id: 'plan-starter',
    name: 'Starter',
    level: 1,
    description: 'For small teams: 1 number, 3 bots, 500 AI chats a month',
    instanceLimit: 1,
    chatbotLimit: 3,
    monthlyTokenLimit: 100_000,
    totalChatSessionLimit: 500,
    knowledgeBaseFileLimit: 10,
    monthlyPrice: 99,
    yearlyPrice: 990,
    monthlyPriceId: 'price_starter_monthly',
    yearlyPriceId: 'price_starter_yearly',
    hasCustomPrompt: true,
    status: 1,
  }),
  plan({
    id: 'plan-pro',
    name: 'Pro',
    level: 2,
    description: 'For growing teams: 3 numbers, 3 bots, 2,000 AI chats a month',
    instanceLimit: 3,
    chatbotLimit: 3,
    monthlyTokenLimit: 500_000,
    totalChatSessionLimit: 2000,
    knowledgeBaseFileLimit: 50,
    monthlyPrice: 299,
    yearlyPrice: 2990,
    monthlyPriceId: 'price_pro_monthly',
    yearlyPriceId: 'price_pro_yearly',
    hasAdvancedFeatures: true,
    hasCustomPrompt: true,
    status: 1,
  }),
  // Inactive: customers do not see it; the UI appends its own contact-sales Enterprise card.
  plan({
    id: 'plan-enterprise',
    name: 'Enterprise',
    level: 3,
    description: 'Custom volume, numbers and support',
    instanceLimit: -1,
    chatbotLimit: -1,
    monthlyTokenLimit: -1,
    totalChatSessionLimit: -1,
    knowledgeBaseFileLimit: -1,
    monthlyPrice: 0,
    yearlyPrice: 0,
    monthlyPriceId: null,
    yearlyPriceId: null,
    hasAdvancedFeatures: true,
    hasCustomPrompt: true,
    status: 2,
  }),
];

/** Creates the four standard plans; plans that already exist are left as they are. */
export async function givenDefaultPlans(): Promise<MembershipPlan[]> {
  const plans: MembershipPlan[] = [];
  for (const p of DEFAULT_PLANS) plans.push(findPlan(p.id) ?? (await db.plans.create({ ...p })));
  return plans;
}

export async function givenPlan(partial: Partial<MembershipPlan> = {}): Promise<MembershipPlan> {
  const starter = DEFAULT_PLANS[1] as MembershipPlan;
  return db.plans.create({
    ...starter,
    name: 'Growth',
    level: 2,
    monthlyPriceId: null,
    yearlyPriceId: null,
    ...partial,
    id: partial.id ?? newId('plan'),
  });
}

/** Puts the user on a plan (replacing any membership). Paid plans run one month (or year) from now. */
export async function givenMembership(
  userId: string,
  options: {
    planName?: string;
    planId?: string;
    scheduleType?: ScheduleTypeCode;
    endDate?: string | null;
  } = {},
): Promise<MembershipRecord> {
  const wanted = options.planName?.toLowerCase();
  const found = options.planId
    ? findPlan(options.planId)
    : db.plans.findFirst((q) => q.where((p) => p.name.toLowerCase() === (wanted ?? 'free')));
  if (!found)
    throw new Error(`No plan ${options.planId ?? options.planName ?? 'Free'}: call givenDefaultPlans first`);
  const paid = found.level > 0;
  const scheduleType = options.scheduleType ?? (paid ? 1 : null);
  const endDate =
    options.endDate !== undefined
      ? options.endDate
      : paid
        ? new Date(addMonths(now(), scheduleType === 2 ? 12 : 1)).toISOString()
        : null;
  db.memberships.deleteMany((q) => q.where((m) => m.userId === userId));
  return db.memberships.create({ userId, planId: found.id, scheduleType, endDate });
}

export interface GivenUser {
  id: string;
  email: string;
  isAdmin: boolean;
  token: string;
}

/**
 * A user with a live auth session for `token` and a membership on `planName` (default Free). The default
 * plans are created when missing. An existing e-mail is reused (the token and plan are added to it).
 */
export async function givenUser(options: {
  id?: string;
  email: string;
  isAdmin?: boolean;
  token?: string;
  planName?: string;
}): Promise<GivenUser> {
  await givenDefaultPlans();
  const email = options.email.trim().toLowerCase();
  const existing = db.users.findFirst((q) => q.where((u) => u.email === email));
  const user =
    existing ??
    (await db.users.create({
      id: options.id ?? newId('user'),
      email,
      isAdmin: options.isAdmin ?? false,
      createdAt: isoNow(),
    }));
  const token = options.token ?? newId('token');
  await db.authSessions.create({ token, userId: user.id, createdAt: isoNow() });
  if (!existing || options.planName || !membershipOf(user.id)) {
    await givenMembership(user.id, { planName: options.planName ?? 'Free' });
  }
  return { id: user.id, email: user.email, isAdmin: user.isAdmin, token };
}

/** An uploaded knowledge file (what POST /upload/file-to-knowledge stores). */
export async function givenKnowledgeFile(ownerId: string, partial: Partial<UploadedFile> = {}) {
  const knowledgeFileId = partial.knowledgeFileId ?? newId('kf');
  const name = partial.name ?? 'faq.pdf';
  return db.knowledgeFiles.create({
    name,
    size: 20_480,
    date: isoNow(),
    url: `https://files.demo.influx.test/knowledge/${knowledgeFileId}/${encodeURIComponent(name)}`,
    ...partial,
    knowledgeFileId,
    ownerId,
  });
}

/** A chatbot; each file of its KnowledgeBaseFile list also exists as the owner's uploaded file. */
export async function givenChatbot(ownerId: string, partial: Partial<Chatbot> & { createdAt?: string } = {}) {
  for (const f of partial.KnowledgeBaseFile ?? []) {
    const exists = db.knowledgeFiles.findFirst((q) =>
      q.where((k) => k.knowledgeFileId === f.fileIdOnPlatform),
    );
    if (!exists) {
      await givenKnowledgeFile(ownerId, {
        knowledgeFileId: f.fileIdOnPlatform,
        name: f.name,
        size: f.fileSize,
        url: f.fileUrl,
      });
    }
  }
  const count = db.chatbots.findMany((q) => q.where((b) => b.ownerId === ownerId)).length;
  const bot = await db.chatbots.create({
    name: `Chatbot ${count + 1}`,
    description: null,
    prompt: 'You are the customer service assistant of [Company Name].',
    platform: 'openai',
    model: 'gpt-4o-mini',
    temperature: '0.7',
    maxTokens: 2048,
    stop: null,
    type: 'chat',
    isActive: true,
    KnowledgeBaseFile: [],
    updatedAt: isoNow(),
    createdAt: isoNow(),
    ...partial,
    settings: partial.settings ?? { ...BOT_SETTINGS_DEFAULTS },
    id: partial.id ?? newId('bot'),
    ownerId,
  });
  // Its first prompt version: the one it was created with.
  await givenPromptVersion(ownerId, { chatbotId: bot.id, prompt: bot.prompt, createdAt: bot.createdAt });
  return bot;
}

/**
 * An instance. Default: just created, waiting for a QR scan. With `status: 1` it defaults to a linked
 * phone ('ready'). A stored qrCode is answered as is, except while waiting, when it rotates.
 */
export async function givenInstance(
  ownerId: string,
  partial: Partial<Omit<InstanceRecord, 'ownerId' | 'loggedOut'>> = {},
) {
  const online = partial.status === 1;
  const count = db.instances.findMany((q) => q.where((i) => i.ownerId === ownerId)).length;
  return db.instances.create({
    instanceName: `Instance ${count + 1}`,
    chatbotId: null,
    status: 0,
    instanceStatus: online ? 'ready' : 'qr',
    qrCode: null,
    phoneNumber: online ? '8613812345678' : null,
    createdAt: isoNow(),
    lastActiveAt: online ? isoNow() : null,
    polls: 0,
    loggedOut: false,
    ...partial,
    id: partial.id ?? newId('inst'),
    ownerId,
  });
}

export type GivenMessage = Partial<Pick<ChatMessageRecord, 'id' | 'content' | 'sender' | 'sentAt'>>;
export type GivenSession = Partial<Omit<ChatSessionRecord, 'messages' | 'ownerId'>> & {
  messages?: GivenMessage[];
};

/**
 * The records of a session without storing them (the seed stores thousands at once). Messages default to
 * alternating user/assistant lines one minute apart from the session's creation; the session's stored
 * `messages` is the preview (the earliest message), as search answers it.
 */
export function sessionRecords(
  ownerId: string,
  given: GivenSession = {},
): { session: ChatSessionRecord; messages: ChatMessageRecord[] } {
  const id = given.id ?? newId('sess');
  const createdAt = given.createdAt ?? isoNow();
  const start = Date.parse(createdAt);
  const messages = (given.messages ?? [])
    .map(
      (m, i): ChatMessageRecord => ({
        id: m.id ?? newId('msg'),
        content: m.content ?? `Message ${i + 1}`,
        sender: m.sender ?? (i % 2 === 0 ? 'user' : 'assistant'),
        sentAt: m.sentAt ?? new Date(start + i * MINUTE).toISOString(),
        sessionId: id,
        ownerId,
      }),
    )
    .sort((a, b) => Date.parse(a.sentAt) - Date.parse(b.sentAt));
  const first = messages[0];
  const preview = first
    ? [{ id: first.id, content: first.content, sender: first.sender, sentAt: first.sentAt }]
    : [];
  return {
    session: {
      fromNumber: '8613812345678@c.us',
      isStarred: false,
      analysis: null,
      ...given,
      id,
      createdAt,
      messages: preview,
      ownerId,
    },
    messages,
  };
}

export async function givenChatSession(ownerId: string, given: GivenSession = {}) {
  const { session, messages } = sessionRecords(ownerId, given);
  const stored = await db.chatSessions.create(session);
  for (const m of messages) await db.chatMessages.create(m);
  return stored;
}

/** A one-time code for `email`, valid for 10 minutes of the mock clock. */
export async function givenLoginCode(email: string, code: string) {
  const address = email.trim().toLowerCase();
  db.loginCodes.deleteMany((q) => q.where((c) => c.email === address));
  return db.loginCodes.create({
    email: address,
    code,
    expiresAt: now() + LOGIN_CODE_TTL_MS,
    attempts: 0,
    sentAt: now(),
  });
}

/** Wrong codes entered for an address just now (MAX_FAILURES of them pause its sign-in). */
export async function givenLoginFailures(email: string, count: number) {
  const address = email.trim().toLowerCase();
  for (let i = 0; i < count; i++) await db.loginFailures.create({ email: address, failedAt: now() });
}

/** A completed checkout, so subscription-by-session-id answers for it. The membership is not changed. */
export async function givenPaidCheckout(
  userId: string,
  options: { sessionId: string; planId: string; scheduleType: ScheduleTypeCode; paidAt?: string },
): Promise<CheckoutRecord> {
  const p = findPlan(options.planId);
  if (!p) throw new Error(`No plan ${options.planId}: call givenDefaultPlans first`);
  const price = options.scheduleType === 2 ? p.yearlyPrice : p.monthlyPrice;
  return db.checkouts.create({
    sessionId: options.sessionId,
    userId,
    planId: p.id,
    scheduleType: options.scheduleType,
    status: 'paid',
    amount: Math.round(price * 100),
    currency: 'usd',
    createdAt: options.paidAt ?? isoNow(),
    paidAt: options.paidAt ?? isoNow(),
    paymentId: newId('pi'),
  });
}

/** A test-chat thread of a chatbot, optionally with earlier turns. */
/** A saved version of a chatbot's prompt (every save records one). */
export function givenPromptVersion(
  ownerId: string,
  version: { chatbotId: string; prompt: string; createdAt?: string; id?: string },
) {
  return db.promptVersions.create({
    id: version.id ?? newId('pv'),
    ownerId,
    chatbotId: version.chatbotId,
    prompt: version.prompt,
    createdAt: version.createdAt ?? isoNow(),
  });
}

export async function givenTestThread(
  ownerId: string,
  options: { id?: string; chatbotId: string; turns?: TestThreadRecord['turns'] },
) {
  return db.testThreads.create({
    id: options.id ?? newId('thread'),
    ownerId,
    chatbotId: options.chatbotId,
    turns: options.turns ?? [],
  });
}

export async function givenActivity(
  ownerId: string,
  partial: Partial<ActivityLogEntry> & Pick<ActivityRecord, 'type'>,
): Promise<ActivityRecord> {
  return db.activities.create({
    description: partial.type,
    createdAt: isoNow(),
    ...partial,
    id: newId('act'),
    ownerId,
  });
}

/** A saved card of a user (the first one saved is the default unless told otherwise). */
export async function givenPaymentMethod(
  userId: string,
  card: Partial<Omit<PaymentMethodRecord, 'ownerId'>> = {},
): Promise<PaymentMethodRecord> {
  const first = !db.paymentMethods.findFirst((q) => q.where((m) => m.ownerId === userId));
  return db.paymentMethods.create({
    id: card.id ?? newId('pm'),
    ownerId: userId,
    brand: card.brand ?? 'visa',
    last4: card.last4 ?? '4242',
    expMonth: card.expMonth ?? 12,
    expYear: card.expYear ?? new Date(now()).getUTCFullYear() + 3,
    isDefault: card.isDefault ?? first,
    holderName: card.holderName ?? 'Demo Owner',
    createdAt: card.createdAt ?? isoNow(),
  });
}
