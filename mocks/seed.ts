// The base locale: the seed only draws numbers and picks from its own lists, so no locale data is needed.
import { faker } from '@faker-js/faker/locale/base';
import type { KnowledgeBaseFile } from '../src/api/schemas/chatbots';
import { type ChatMessage, type ChatSession, PLACEHOLDER_NUMBER } from '../src/api/schemas/chatSessions';
import type { ActivityLogEntry } from '../src/api/schemas/dashboard';
import { DAY, HOUR, MINUTE, now } from './clock';
import { analyzeConversation, CLOSINGS, TOPICS } from './conversations';
import {
  type ActivityRecord,
  type ChatMessageRecord,
  type ChatSessionRecord,
  createAll,
  db,
  resetDb,
} from './db';
import {
  type GivenUser,
  givenActivity,
  givenChatbot,
  givenDefaultPlans,
  givenInstance,
  givenMembership,
  givenPaidCheckout,
  givenPaymentMethod,
  givenPromptVersion,
  givenUser,
  sessionRecords,
} from './fixtures';
import { seedDemoInvoices } from './handlers/invoices';
import { seedHandoffs } from './seedHandoffs';
import { seedUnanswered } from './unanswered';

/** The demo team's saved replies (beyond the spec), in the languages its customers write. */
export const DEMO_SAVED_REPLIES = [
  { shortcut: 'thanks', text: 'Thank you for your patience! Is there anything else I can help you with?' },
  { shortcut: 'refund', text: 'Your refund is approved. It reaches your card within 3 to 5 business days.' },
  { shortcut: '退款', text: '您的退款已批准，3 到 5 个工作日内退回您的银行卡。' },
  { shortcut: '營業時間', text: '我們的營業時間是星期一至五，上午 9 點至下午 6 點。' },
];

export interface SeedDemoOptions {
  /** 'large': 10,000 sessions, one of them 5,000 messages long. */
  size?: 'normal' | 'large';
  /** The demo accounts exist but have no chatbots, instances, sessions or activity. */
  empty?: boolean;
  /** The demo accounts' instance and chatbot allowances are used up (the owner's number is connected). */
  limitsReached?: boolean;
}

export const FAKER_SEED = 20_261_122;
/** Fixed tokens, so the seeded API can be called with curl (`Authorization: Bearer demo-owner-token`). */
export const DEMO_OWNER = { id: 'user-owner', email: 'owner@demo.test', token: 'demo-owner-token' } as const;
export const DEMO_ADMIN = { id: 'user-admin', email: 'admin@demo.test', token: 'demo-admin-token' } as const;
export const DEMO_COMPANY = 'Brightside Home Goods';
/** The admin's paid yearly Pro checkout (subscription management and the payment-success page need one). */
export const DEMO_ADMIN_CHECKOUT = {
  sessionId: 'cs_demo_admin_pro',
  planId: 'plan-pro',
  scheduleType: 2,
} as const;

/** The owner's conversations in the normal demo, the featured ones included (hidden senders aside). */
const NORMAL_SESSIONS = 300;
/** Customers whose first conversation is today's (the dashboard's "new customer" entries). */
const NEW_CUSTOMERS = 7;
const LARGE_SESSIONS = 10_000;
const LONG_CONVERSATION = 5_000;

/**
 * Replaces the db with the demo: deterministic (seeded faker and ids), dated relative to the mock clock.
 * Returns the two demo accounts.
 */
export async function seedDemo(
  options: SeedDemoOptions = {},
): Promise<{ owner: GivenUser; admin: GivenUser }> {
  resetDb();
  faker.seed(FAKER_SEED);
  const t = now();
  await givenDefaultPlans();
  // The owner is on a Starter trial with no payment yet, so an upgrade goes through checkout; the admin pays
  // yearly for Pro, so a change is made in place (isUpdate). Starter allows one connected number, and the
  // owner's is free (see seedOwnerData): binding a number is the demo's first step, and fills the plan.
  const owner = await givenUser({ ...DEMO_OWNER, planName: 'Starter' });
  await givenMembership(owner.id, { planName: 'Starter', scheduleType: 1, endDate: iso(t + 5 * DAY) });
  const admin = await givenUser({ ...DEMO_ADMIN, isAdmin: true, planName: 'Pro' });
  await givenMembership(admin.id, { planName: 'Pro', scheduleType: 2, endDate: iso(t + 300 * DAY) });
  // The owner has two cards saved (one to remove, one that must stay while Starter is paid for); the admin one.
  await givenPaymentMethod(owner.id, {
    id: 'pm-owner-visa',
    brand: 'visa',
    last4: '4242',
    expMonth: 8,
    expYear: yearOf(t) + 2,
    holderName: 'Demo Owner',
    isDefault: true,
    createdAt: iso(t - 40 * DAY),
  });
  await givenPaymentMethod(owner.id, {
    id: 'pm-owner-mastercard',
    brand: 'mastercard',
    last4: '5100',
    expMonth: 3,
    expYear: yearOf(t) + 1,
    holderName: 'Demo Owner',
    isDefault: false,
    createdAt: iso(t - 10 * DAY),
  });
  await givenPaymentMethod(admin.id, {
    id: 'pm-admin-amex',
    brand: 'amex',
    last4: '0005',
    expMonth: 11,
    expYear: yearOf(t) + 3,
    holderName: 'Demo Admin',
    createdAt: iso(t - 65 * DAY),
  });
  await givenPaidCheckout(admin.id, {
    ...DEMO_ADMIN_CHECKOUT,
    paidAt: iso(t - 65 * DAY),
  });

  if (!options.empty) await seedOwnerData(owner.id, options.size ?? 'normal', !!options.limitsReached);
  if (options.limitsReached) await fillAllowances(admin.id);
  return { owner, admin };
}

const iso = (ms: number) => new Date(ms).toISOString();
const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
const pick = <T>(items: readonly T[]) => faker.helpers.arrayElement(items);

const PROMPT = (name: string, role: string, duties: string, tone: string) =>
  [
    `You are ${name}, the ${role} of ${DEMO_COMPANY}.`,
    `Core responsibilities: ${duties}`,
    'Guidelines: be concise and polite; confirm order numbers before discussing an order; escalate billing disputes over $100 to a human agent.',
    'Prohibited: never promise delivery dates the courier has not confirmed; never ask for full card numbers or passwords.',
    `Brand tone: ${tone}.`,
    'Example: "Thanks for reaching out! Could you share your order number so I can check it for you?"',
  ].join('\n');

const knowledgeFile = (id: string, name: string, fileSize: number): KnowledgeBaseFile => ({
  fileIdOnPlatform: id,
  name,
  fileSize,
  fileUrl: `https://files.demo.influx.test/knowledge/${id}/${name}`,
});

/*
 * The demo's hand-authored records, with fixed ids: the seed writes exactly these, and the flow models (the
 * *.model.ts files of src/machines) import them, so a QA jump shows the demo's own records and what the flow
 * does next (load, save, poll, star) reaches them. Dates are offsets from the mock clock's now() at seeding;
 * the builders below give the records as written at a given time. Everything else is generated.
 */

/** A chatbot of the demo owner; `createdAgo` and `updatedAgo` are ms before the seed's now(). */
export interface DemoChatbot {
  id: string;
  name: string;
  description: string;
  prompt: string;
  model: string;
  temperature: string;
  maxTokens: number;
  KnowledgeBaseFile: KnowledgeBaseFile[];
  createdAgo: number;
  updatedAgo: number;
  /** The prompt it was created with, when a later save changed it (the prompt history shows both). */
  firstPrompt?: string;
}

/** The demo owner's three chatbots, oldest first (the order the chatbot list answers). */
export const DEMO_BOTS: Readonly<Record<'ava' | 'leo' | 'nova', DemoChatbot>> = {
  ava: {
    id: 'bot-ava',
    name: 'Ava – Customer Support',
    description: 'Answers order, shipping and return questions around the clock',
    prompt: PROMPT(
      'Ava',
      'customer service assistant',
      'answer questions about orders, shipping, returns and products; acknowledge within 30 seconds and resolve simple requests within 5 minutes.',
      'warm, practical and reassuring',
    ),
    model: 'gpt-4.1-mini',
    temperature: '0.7',
    maxTokens: 2048,
    KnowledgeBaseFile: [
      knowledgeFile('kf-returns', 'return-policy.pdf', 184_320),
      knowledgeFile('kf-shipping', 'shipping-faq.docx', 52_114),
    ],
    createdAgo: 59 * DAY,
    updatedAgo: 3 * HOUR,
    firstPrompt:
      'You are Ava, the customer service assistant of Brightside Home.\nAnswer questions about orders, shipping and returns.\nBe friendly and keep answers short.',
  },
  leo: {
    id: 'bot-leo',
    name: 'Leo – Sales Assistant',
    description: 'Qualifies leads and recommends products',
    prompt: PROMPT(
      'Leo',
      'sales assistant',
      'recommend products that fit the customer, explain prices and offers, and book a call with the sales team for orders over 20 units; reply within 2 minutes.',
      'enthusiastic but never pushy',
    ),
    model: 'gpt-4o',
    temperature: '0.8',
    maxTokens: 1024,
    KnowledgeBaseFile: [knowledgeFile('kf-catalog', 'product-catalog-2026.pdf', 2_457_600)],
    createdAgo: 45 * DAY,
    updatedAgo: 6 * DAY,
  },
  nova: {
    id: 'bot-nova',
    name: 'Nova – Tech Support',
    description: 'Troubleshoots the Brightside smart-home app',
    prompt: PROMPT(
      'Nova',
      'technical support specialist',
      'troubleshoot app, login and payment problems step by step; acknowledge within 1 minute and resolve within 10 minutes or escalate.',
      'calm, precise and patient',
    ),
    model: 'o4-mini',
    temperature: '0.3',
    maxTokens: 4096,
    KnowledgeBaseFile: [
      knowledgeFile('kf-troubleshooting', 'troubleshooting-guide.txt', 38_912),
      knowledgeFile('kf-release-notes', 'app-release-notes.txt', 12_800),
    ],
    createdAgo: 20 * DAY,
    updatedAgo: 5 * HOUR,
  },
};

/**
 * A demo chatbot as the chatbot list answers it once seeded with the mock clock at `t` (the server's
 * defaults aside: platform, stop, type, isActive).
 */
export function demoChatbot(
  { createdAgo: _createdAgo, updatedAgo, firstPrompt: _firstPrompt, ...bot }: DemoChatbot,
  t: number,
) {
  return {
    ...bot,
    KnowledgeBaseFile: bot.KnowledgeBaseFile.map((f) => ({ ...f })),
    updatedAt: iso(t - updatedAgo),
  };
}

/**
 * The Starter plan's one number, answered by Ava; Leo and Nova wait for a number of their own (or a bigger
 * plan), and can be tried in the test chat meanwhile.
 */
export const DEMO_LINE = {
  id: 'inst-main-line',
  instanceName: 'Main support line',
  chatbotId: DEMO_BOTS.ava.id,
  phoneNumber: '14155550123',
  createdAgo: 58 * DAY,
} as const;

/**
 * The support line's phone was unlinked this long ago (WhatsApp logs a linked device out, say after a phone
 * change): the line waits for a new scan, and the conversations stop there.
 */
export const UNLINKED_AGO = 5 * MINUTE;

/** The line as the seed writes it at `t`: waiting for a new scan, or (limitsReached) connected. */
export function demoLine(t: number, connected = false) {
  const { createdAgo, ...line } = DEMO_LINE;
  return {
    ...line,
    createdAt: iso(t - createdAgo),
    ...(connected
      ? { status: 1, instanceStatus: 'ready', lastActiveAt: iso(t - 3 * MINUTE) }
      : { status: 0, instanceStatus: 'qr', lastActiveAt: iso(t - UNLINKED_AGO) }),
  };
}

/** A hand-written conversation; `startedAgo` is ms before the seed's now(), each line's `at` s after the start. */
export interface FeaturedConversation {
  id: string;
  fromNumber: string;
  isStarred: boolean;
  startedAgo: number;
  lines: ReadonlyArray<{ sender: 'user' | 'assistant'; content: string; at: number }>;
}

const greeting = `Hi! Thanks for contacting ${DEMO_COMPANY}.`;

/**
 * The two newest conversations of the list, the last ones before the line was unlinked (every generated
 * conversation is older). Their customers wrote for the first time today.
 */
export const FEATURED_CONVERSATIONS: Readonly<Record<'order' | 'abroad', FeaturedConversation>> = {
  order: {
    id: 'sess-order-51907',
    fromNumber: '85263381492@c.us',
    isStarred: false,
    startedAgo: UNLINKED_AGO + 12 * MINUTE,
    lines: [
      { sender: 'user', content: 'Where is my order #51907?', at: 0 },
      {
        sender: 'assistant',
        content: `${greeting} Let me check that for you. Your order left our warehouse yesterday and should arrive within 2 days.`,
        at: 64,
      },
      { sender: 'user', content: 'It says "in transit" since Monday.', at: 151 },
      {
        sender: 'assistant',
        content:
          'Parcels show "in transit" until the courier scans them at your local depot. Here is your tracking link: track.demo/51907.',
        at: 233,
      },
      { sender: 'user', content: 'Great, thanks a lot!', at: 292 },
      { sender: 'assistant', content: 'Is there anything else I can help you with?', at: 330 },
    ],
  },
  abroad: {
    id: 'sess-ship-abroad',
    fromNumber: '8615021834467@c.us',
    isStarred: true,
    startedAgo: UNLINKED_AGO + 25 * MINUTE,
    lines: [
      { sender: 'user', content: 'Do you ship abroad?', at: 0 },
      {
        sender: 'assistant',
        content: `${greeting} We ship to over 40 countries. Standard delivery takes 3-5 business days.`,
        at: 41,
      },
      { sender: 'user', content: 'How much is express shipping?', at: 118 },
      {
        sender: 'assistant',
        content: 'Express shipping costs $12 and arrives in 1-2 business days.',
        at: 160,
      },
      { sender: 'user', content: 'Which courier do you use?', at: 231 },
      {
        sender: 'assistant',
        content: 'We use DHL and SF Express, and you get a tracking link as soon as the parcel leaves.',
        at: 275,
      },
      { sender: 'user', content: 'Do I pay import duties on top?', at: 349 },
      {
        sender: 'assistant',
        content:
          'Duties depend on your country and are collected by the courier on delivery; the checkout shows an estimate before you pay.',
        at: 430,
      },
      { sender: 'user', content: 'Perfect, that is really helpful.', at: 502 },
      {
        sender: 'assistant',
        content: 'Thanks for your patience! Is there anything else I can help you with?',
        at: 538,
      },
    ],
  },
};

/**
 * A featured conversation as the seed writes it at `t`: the session as search answers it (its first message
 * as the preview, not analysed) and all its messages, oldest first.
 */
export function featuredConversation(
  { id, fromNumber, isStarred, startedAgo, lines }: FeaturedConversation,
  t: number,
): { session: ChatSession; messages: ChatMessage[] } {
  const start = t - startedAgo;
  const messages = lines.map(({ sender, content, at }, i) => ({
    id: `${id.replace(/^sess-/, 'msg-')}-${i + 1}`,
    content,
    sender,
    sentAt: iso(start + at * 1000),
  }));
  const preview = messages.slice(0, 1).map((m) => ({ ...m }));
  return {
    session: { id, fromNumber, createdAt: iso(start), isStarred, analysis: null, messages: preview },
    messages,
  };
}

/**
 * Senders whose conversations the session list must hide (the client filters them; the server answers them),
 * and how long before the seed's now() each wrote. Their conversations are generated.
 */
export const HIDDEN_SENDERS = {
  newsletter: { fromNumber: '120363025246125486@newsletter', ago: 2 * HOUR },
  otherNewsletter: { fromNumber: '120363041122334455@newsletter', ago: 3 * DAY },
  placeholder: { fromNumber: PLACEHOLDER_NUMBER, ago: 5 * HOUR },
} as const;

/** Generated conversations end before the first featured one starts. */
const FEATURED_SINCE = Math.max(...Object.values(FEATURED_CONVERSATIONS).map((c) => c.startedAgo));

/**
 * The activity of the fixed records, oldest first: the line's binding (long ago, so outside the dashboard's
 * 24 hours: binding a number in the demo adds the next entry) and the chatbots' updates, each at the time of
 * what it reports. The seed adds its "new customer" entries from the generated conversations.
 */
export function demoActivity(t: number): Array<ActivityLogEntry & Pick<ActivityRecord, 'type'>> {
  const { ava, leo, nova } = DEMO_BOTS;
  const at = (bot: DemoChatbot, before = 0) => iso(t - bot.updatedAgo - before);
  const line = `${DEMO_LINE.instanceName} (${pretty(DEMO_LINE.phoneNumber)})`;
  return [
    {
      type: 'instance_bound',
      description: `New instance bound: ${line}`,
      createdAt: iso(t - DEMO_LINE.createdAgo + 20 * MINUTE),
    },
    {
      type: 'knowledge_updated',
      description: `Knowledge base updated: ${ava.name}`,
      createdAt: at(ava, 12 * MINUTE),
    },
    { type: 'agent_updated', description: `Agent settings updated: ${ava.name}`, createdAt: at(ava) },
    {
      type: 'knowledge_updated',
      description: `Knowledge base updated: ${nova.name}`,
      createdAt: at(nova, 9 * MINUTE),
    },
    { type: 'agent_updated', description: `Agent settings updated: ${nova.name}`, createdAt: at(nova) },
    // Older than 24 hours: the activity list leaves these out.
    { type: 'agent_updated', description: `Agent settings updated: ${leo.name}`, createdAt: at(leo) },
    {
      type: 'agent_updated',
      description: `Agent settings updated: ${leo.name}`,
      createdAt: at(leo, 4 * DAY),
    },
    {
      type: 'agent_updated',
      description: `Agent settings updated: ${leo.name}`,
      createdAt: at(leo, 9 * DAY),
    },
  ];
}

/** A bot whose prompt was changed since: created with its first prompt, saved with today's. */
async function seedPromptHistory(ownerId: string, bot: DemoChatbot, t: number) {
  await db.promptVersions.updateMany((q) => q.where((v) => v.chatbotId === bot.id), {
    data(v) {
      v.prompt = bot.firstPrompt ?? v.prompt;
    },
  });
  await givenPromptVersion(ownerId, {
    chatbotId: bot.id,
    prompt: bot.prompt,
    createdAt: iso(t - bot.updatedAgo),
  });
}

/** Who the demo owner's invoices are addressed to. */
export const DEMO_BILLING_DETAILS = {
  companyName: `${DEMO_COMPANY} Ltd.`,
  addressLine1: '18 Queensway, Unit 1203',
  addressLine2: 'Admiralty Centre Tower 2',
  city: 'Hong Kong',
  region: '',
  postalCode: '',
  country: 'HK',
  taxId: '71234567-000-03-24-A',
  billingEmail: 'accounts@brightside.example',
};

async function seedOwnerData(ownerId: string, size: 'normal' | 'large', lineConnected: boolean) {
  const t = now();
  for (const bot of Object.values(DEMO_BOTS)) {
    await givenChatbot(ownerId, { ...demoChatbot(bot, t), createdAt: iso(t - bot.createdAgo) });
    if (bot.firstPrompt) await seedPromptHistory(ownerId, bot, t);
  }
  await givenInstance(ownerId, demoLine(t, lineConnected));
  await db.billingDetails.create({ ...DEMO_BILLING_DETAILS, userId: ownerId, updatedAt: iso(t - 30 * DAY) });
  for (const [i, reply] of DEMO_SAVED_REPLIES.entries()) {
    await db.savedReplies.create({
      id: `reply-demo-${i + 1}`,
      ownerId,
      ...reply,
      createdAt: iso(t - 20 * DAY + i),
    });
  }
  await seedDemoInvoices(ownerId);
  const sessions = await seedSessions(ownerId, size, t - FEATURED_SINCE);
  await seedActivity(ownerId, sessions);
  await seedHandoffs(ownerId, sessions, t);
  await seedUnanswered(ownerId, t);
}

const COUNTRY_NUMBERS = [
  () => `86${pick(['138', '139', '186', '135'])}${faker.string.numeric(8)}`,
  () => `1${pick(['415', '212', '646', '310'])}555${faker.string.numeric(4)}`,
  () => `447700900${faker.string.numeric(3)}`,
  () => `8529${faker.string.numeric(7)}`,
  () => `8869${faker.string.numeric(8)}`,
  () => `659${faker.string.numeric(7)}`,
];

const GENERIC_USER = [
  'Okay.',
  'One more question.',
  'Sure, my e-mail is on the order.',
  'Let me check and get back to you.',
  'Got it.',
];
const GENERIC_BOT = [
  'Let me check that for you, one moment please.',
  'I have noted that down.',
  'Is there anything else I can help you with?',
  'Thanks for your patience!',
];

/** A conversation of `count` alternating messages about one topic, starting at `start`. */
function conversation(count: number, start: number, botSender: string): Array<Partial<ChatMessage>> {
  const topic = pick(TOPICS);
  const happy = faker.datatype.boolean(0.7);
  const lastUser = count % 2 === 0 ? count - 2 : count - 1;
  const messages: Array<Partial<ChatMessage>> = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    const fromUser = i % 2 === 0;
    let content: string;
    if (i === 0) content = pick(topic.openers);
    else if (fromUser && i === lastUser) content = pick(happy ? CLOSINGS.happy : CLOSINGS.unhappy);
    else if (fromUser) content = faker.datatype.boolean(0.6) ? pick(topic.followUps) : pick(GENERIC_USER);
    else if (i === 1) content = `Hi! Thanks for contacting ${DEMO_COMPANY}. ${pick(topic.answers)}`;
    else content = faker.datatype.boolean(0.6) ? pick(topic.answers) : pick(GENERIC_BOT);
    messages.push({ content, sender: fromUser ? 'user' : botSender, sentAt: iso(at) });
    at += faker.number.int({ min: 20, max: fromUser ? 90 : 240 }) * 1000;
  }
  return messages;
}

/** Dates the session so that its last message comes before `until`. */
function placed(createdAt: number, count: number, botSender: string, until: number) {
  let messages = conversation(count, createdAt, botSender);
  const last = Date.parse(messages.at(-1)?.sentAt ?? iso(createdAt));
  const overshoot = last - (until - MINUTE);
  if (overshoot > 0) {
    messages = messages.map((m) => ({ ...m, sentAt: iso(Date.parse(m.sentAt ?? '') - overshoot) }));
    createdAt -= overshoot;
  }
  return { createdAt, messages };
}

/**
 * The owner's conversations: the featured ones, then generated ones that all end before `until` (when the
 * first featured one starts, shortly before the support line was unlinked).
 */
async function seedSessions(
  ownerId: string,
  size: 'normal' | 'large',
  until: number,
): Promise<ChatSessionRecord[]> {
  const t = now();
  const sessions: ChatSessionRecord[] = [];
  const messages: ChatMessageRecord[] = [];
  const numbers: string[] = [];
  const add = (given: Parameters<typeof sessionRecords>[1], analyse: boolean) => {
    const built = sessionRecords(ownerId, given);
    if (analyse) built.session.analysis = analyzeConversation(built.messages);
    sessions.push(built.session);
    for (const m of built.messages) messages.push(m);
  };
  // Returning customers write again; the newest NEW_CUSTOMERS wrote for the first time today.
  const nextNumber = () => {
    const reuse = numbers.length > 10 && faker.datatype.boolean(0.2);
    const n = reuse ? pick(numbers.slice(NEW_CUSTOMERS)) : (pick(COUNTRY_NUMBERS) as () => string)();
    if (!reuse) numbers.push(n);
    return n;
  };

  const featured = Object.values(FEATURED_CONVERSATIONS);
  for (const conversation of featured) {
    const built = featuredConversation(conversation, t);
    add({ ...built.session, messages: built.messages }, false);
  }

  // Today and yesterday first, so the dashboard's comparisons have something to compare.
  for (let i = 0; i < NORMAL_SESSIONS - featured.length; i++) {
    const day = i < 14 ? 0 : i < 24 ? 1 : 2 + Math.floor(58 * faker.number.float() ** 1.5);
    const dayStart = new Date(t - day * DAY).setHours(0, 0, 0, 0);
    const latest = day === 0 ? until : dayStart + DAY;
    const createdAt = dayStart + faker.number.float() * (latest - dayStart);
    const bot = faker.datatype.boolean(0.2) ? 'bot' : 'assistant';
    const placedSession = placed(createdAt, faker.number.int({ min: 4, max: 40 }), bot, until);
    add(
      {
        fromNumber: `${nextNumber()}@c.us`,
        createdAt: iso(placedSession.createdAt),
        isStarred: faker.datatype.boolean(0.12),
        messages: placedSession.messages,
      },
      faker.datatype.boolean(0.5),
    );
  }
  for (const { fromNumber, ago } of Object.values(HIDDEN_SENDERS)) {
    add({ fromNumber, createdAt: iso(t - ago), messages: placed(t - ago, 2, 'bot', until).messages }, false);
  }

  if (size === 'large') {
    const start = t - 20 * DAY;
    const long = Array.from({ length: LONG_CONVERSATION }, (_, i) => ({
      content:
        i % 2 === 0 ? pick([...GENERIC_USER, ...TOPICS.flatMap((x) => x.followUps)]) : pick(GENERIC_BOT),
      sender: i % 2 === 0 ? 'user' : 'assistant',
      sentAt: iso(start + i * 5 * MINUTE),
    }));
    add({ fromNumber: '6591234567@c.us', createdAt: iso(start), isStarred: true, messages: long }, false);
    while (sessions.length < LARGE_SESSIONS) {
      const createdAt = t - 2 * DAY - faker.number.float() * 363 * DAY;
      add(
        {
          fromNumber: `${nextNumber()}@c.us`,
          createdAt: iso(createdAt),
          isStarred: faker.datatype.boolean(0.05),
          messages: conversation(faker.number.int({ min: 2, max: 6 }), createdAt, 'assistant'),
        },
        false,
      );
    }
  }

  // Every record is validated (createAll checks them all with one parse).
  await createAll('chatSessions', sessions);
  await createAll('chatMessages', messages);
  return sessions;
}

/** Digits after the country code, grouped as the country writes them. */
const NUMBER_GROUPS: ReadonlyArray<[countryCode: string, groups: number[]]> = [
  ['1', [3, 3, 4]],
  ['44', [4, 6]],
  ['65', [4, 4]],
  ['86', [3, 4, 4]],
  ['852', [4, 4]],
  ['886', [3, 3, 3]],
];

/** "+1 415 555 0123" for 14155550123. */
function pretty(n: string): string {
  const [code, groups] = NUMBER_GROUPS.find(([c]) => n.startsWith(c)) ?? ['', []];
  const parts = [`+${code}`];
  let at = code.length;
  for (const size of groups) {
    parts.push(n.slice(at, at + size));
    at += size;
  }
  if (at < n.length) parts.push(n.slice(at));
  return parts.join(' ');
}

/** The activity the seeded records imply, each entry at the time of what it reports. */
async function seedActivity(ownerId: string, sessions: ChatSessionRecord[]) {
  const t = now();
  for (const entry of demoActivity(t)) await givenActivity(ownerId, entry);

  // A new customer is a number whose first conversation started in the last 24 hours.
  const firstContact = new Map<string, number>();
  for (const s of sessions) {
    const [number, domain] = s.fromNumber.split('@');
    if (domain !== 'c.us' || !number || number === '0') continue;
    const started = Date.parse(s.createdAt);
    firstContact.set(number, Math.min(started, firstContact.get(number) ?? started));
  }
  const newCustomers = [...firstContact]
    .filter(([, started]) => t - started < DAY)
    .sort((a, b) => b[1] - a[1])
    .slice(0, NEW_CUSTOMERS);
  for (const [number, started] of newCustomers) {
    await givenActivity(ownerId, {
      type: 'user_connected',
      description: `New user connected: ${pretty(number)}`,
      createdAt: iso(started),
    });
  }
}

/** Every live allowance of the admin's Pro plan in use (the owner's number is connected by seedOwnerData). */
async function fillAllowances(adminId: string) {
  for (let i = 1; i <= 3; i++) {
    const bot = await givenChatbot(adminId, { name: `Pilot bot ${i}` });
    await givenInstance(adminId, {
      instanceName: `Pilot line ${i}`,
      chatbotId: bot.id,
      status: 1,
      phoneNumber: `1415555020${i}`,
    });
  }
}
