import type { ChatMessage } from '../src/api/schemas/chatSessions';
import type { Handling } from '../src/api/schemas/handling';
import { isoNow, MINUTE, now } from './clock';
import { testReply } from './conversations';
import { type ChatMessageRecord, db } from './db';
import { givenHandling, handlingNow } from './handlers/handling';
import { givenLiveMessage } from './handlers/live';
import { logHandoff, logPersonReply } from './handoffLog';

/*
 * What the demo's customers, its bot and the owner's phone do in a live conversation, beyond the spec: a
 * customer who asks for a person is handed off (the bot says so and the conversation waits); while a person
 * handles a conversation the bot keeps quiet; a reply from the WhatsApp phone itself pauses the bot, as a
 * person's take-over does; and the bot's first answer after a person's turns builds on what the person said.
 */

export type CustomerLanguage = 'en' | 'zh-CN' | 'zh-TW';

/** What a customer writes to ask for a person, per language (compared without case or spaces). */
export const HANDOFF_PHRASES: Record<CustomerLanguage, readonly string[]> = {
  en: ['talk to a person', 'speak to a person', 'real person', 'human', 'agent', 'representative'],
  'zh-CN': ['人工', '真人', '转人工', '客服人员', '找人'],
  'zh-TW': ['真人', '專人', '轉人工', '客服人員', '找人'],
};

/** What the bot says as it hands a conversation to the team, in the customer's language. */
export const HANDOFF_MESSAGES: Record<CustomerLanguage, string> = {
  en: 'I am passing you to a member of our team. They will answer you here shortly.',
  'zh-CN': '正在为您转接我们的同事，请稍候，他们会很快在这里回复您。',
  'zh-TW': '正在為您轉接我們的同事，請稍候，他們會很快在這裡回覆您。',
};

/** What the QA tools have the customer and the phone write (demo data, as customers write it). */
export const QA_CUSTOMER_ASKS = 'Could I talk to a person, please? It is about a refund.';
export const QA_CUSTOMER_WRITES = 'Thank you. And when will it arrive?';
export const QA_PHONE_REPLY = 'Hi, this is the shop owner. I am looking at your order myself right now.';

/** How long a reply from the phone pauses the bot (the take-over's shortest pause). */
export const PHONE_PAUSE_MINUTES = 30;

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
/** Characters written only in traditional Chinese, common in customers' messages. */
const TRADITIONAL = /[請們這個專轉問題與為會裡麼嗎號貨還價錢體]/;

/** The language a customer wrote in: any Chinese character is Chinese, traditional if it uses its forms. */
export function customerLanguage(text: string): CustomerLanguage {
  if (!CJK.test(text)) return 'en';
  return TRADITIONAL.test(text) ? 'zh-TW' : 'zh-CN';
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/** Whether a customer's message asks for a person (in any of the three languages). */
export function asksForPerson(text: string): boolean {
  const said = normalise(text);
  const words = new Set(said.split(/[^\p{L}\p{N}]+/u));
  return Object.values(HANDOFF_PHRASES).some((phrases) =>
    phrases.some((phrase) =>
      phrase.includes(' ') || CJK.test(phrase) ? said.includes(phrase) : words.has(phrase),
    ),
  );
}

/** The first words of the bot's answer after a person's turns: it carries on from what the person said. */
export function followingUp(person: string, language: CustomerLanguage): string {
  const quoted = person.length > 80 ? `${person.slice(0, 77)}…` : person;
  if (language === 'zh-CN') return `接着我们同事刚才说的“${quoted}”：`;
  if (language === 'zh-TW') return `接著我們同事剛才說的「${quoted}」：`;
  return `Following up on what our team said ("${quoted}"): `;
}

const messagesOf = (sessionId: string): ChatMessageRecord[] =>
  db.chatMessages
    .findMany((q) => q.where((m) => m.sessionId === sessionId))
    .sort((a, b) => Date.parse(a.sentAt) - Date.parse(b.sentAt));

const isBot = (m: ChatMessage) => m.sender === 'assistant' || m.sender === 'bot';
const isPerson = (m: ChatMessage) => m.sender === 'person';

/** What a person of the team said since the bot last spoke, the latest first (none: nothing). */
function personSinceBot(messages: ChatMessage[]): ChatMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i] as ChatMessage;
    if (isBot(m)) return undefined;
    if (isPerson(m)) return m;
  }
  return undefined;
}

/** The bot that answers the owner's customers: their first chatbot (the demo binds it to its line). */
const botOf = (ownerId: string) => db.chatbots.findMany((q) => q.where((b) => b.ownerId === ownerId))[0];

export type BotTurn = 'answered' | 'handedOff' | 'quiet';

/**
 * The bot's turn in a conversation after a customer wrote, decided when it comes (a person may have taken the
 * conversation over meanwhile): quiet while a person handles it or it waits for one; a hand-off when the
 * customer's latest message asks for a person; else an answer (`scripted`, or the bot's own), which carries
 * on from a person's turns since the bot last spoke.
 */
export async function botTakesTurn(ownerId: string, sessionId: string, scripted?: string): Promise<BotTurn> {
  const record = db.chatSessions.findFirst((q) =>
    q.where((s) => s.id === sessionId && s.ownerId === ownerId),
  );
  if (!record || handlingNow(record).by !== 'bot') return 'quiet';
  const messages = messagesOf(sessionId);
  const customer = messages.filter((m) => !isBot(m) && !isPerson(m));
  const latest = customer.at(-1);
  if (!latest) return 'quiet';
  const language = customerLanguage(latest.content);
  if (asksForPerson(latest.content)) {
    await givenLiveMessage(ownerId, { sessionId, content: HANDOFF_MESSAGES[language], sender: 'assistant' });
    const since = isoNow();
    await givenHandling(sessionId, { by: 'waiting', reason: 'askedForPerson', since });
    await logHandoff(ownerId, sessionId, 'askedForPerson', since);
    return 'handedOff';
  }
  const bot = botOf(ownerId);
  const earlier = customer.slice(0, -1).map((m) => m.content);
  const answer = scripted ?? (bot ? testReply(bot, earlier, latest.content) : HANDOFF_MESSAGES[language]);
  const person = personSinceBot(messages);
  await givenLiveMessage(ownerId, {
    sessionId,
    content: person ? `${followingUp(person.content, language)}${answer}` : answer,
    sender: 'assistant',
  });
  return 'answered';
}

/**
 * The owner answers a customer from the WhatsApp phone itself: the message is stored as a person's, marked
 * as sent from the phone, and the bot pauses for PHONE_PAUSE_MINUTES in that conversation (a pause already
 * running by a person's take-over keeps its own end). For the QA tools and tests.
 */
export async function phoneReplies(
  ownerId: string,
  sessionId: string,
  content: string,
): Promise<ChatMessage> {
  const record = db.chatSessions.findFirst((q) =>
    q.where((s) => s.id === sessionId && s.ownerId === ownerId),
  );
  const message = await givenLiveMessage(ownerId, { sessionId, content, sender: 'person', fromPhone: true });
  const current = record ? handlingNow(record) : null;
  if (current?.by !== 'person') {
    const handling: Handling = {
      by: 'person',
      reason: 'phoneReply',
      since: message.sentAt,
      until: new Date(now() + PHONE_PAUSE_MINUTES * MINUTE).toISOString(),
    };
    await givenHandling(sessionId, handling);
    await logHandoff(ownerId, sessionId, 'phoneReply', message.sentAt);
  }
  await logPersonReply(ownerId, sessionId, message.sentAt);
  return message;
}

/** The conversation the QA tools act in: the one the address names, else the owner's newest visible one. */
export function conversationFor(ownerId: string, named: string | null): string | undefined {
  const own = db.chatSessions.findMany((q) => q.where((s) => s.ownerId === ownerId));
  if (named && own.some((s) => s.id === named)) return named;
  return own
    .filter((s) => !s.fromNumber.includes('@newsletter') && s.fromNumber !== '0@c.us')
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]?.id;
}
