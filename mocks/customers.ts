import type { ChatMessage } from '../src/api/schemas/chatSessions';
import type { Handling, HandoffReason } from '../src/api/schemas/handling';
import {
  DEFAULT_HANDOFF_MESSAGES,
  type HandoffLanguage,
  type HandoffSettings,
} from '../src/api/schemas/handoff';
import { isoNow, MINUTE, now } from './clock';
import { hasNoAnswer, testReply } from './conversations';
import { type ChatMessageRecord, db } from './db';
import { givenHandling, handlingNow } from './handlers/handling';
import { answeringBot, ownersHandoffSettings } from './handlers/handoff';
import { qaReply } from './handlers/knowledgeQa';
import { givenLiveMessage, isVisibleNumber } from './handlers/live';
import { logHandoff, logPersonReply } from './handoffLog';
import { asksForPerson, backAt, closedUntil, customerLanguage, soundsUnhappy } from './handoffRules';
import { noteIfUnanswered } from './unanswered';

/*
 * What the demo's customers, its bot and the owner's phone do in a live conversation, beyond the spec: a
 * customer who asks for a person is handed off (the bot says so and the conversation waits); while a person
 * handles a conversation the bot keeps quiet; a reply from the WhatsApp phone itself pauses the bot, as a
 * person's take-over does; and the bot's first answer after a person's turns builds on what the person said.
 */

export type CustomerLanguage = HandoffLanguage;

/** What the bot says as it hands a conversation to the team, unless the bot has its own message. */
export const HANDOFF_MESSAGES = DEFAULT_HANDOFF_MESSAGES;

/** What the QA tools have the customer and the phone write (demo data, as customers write it). */
export const QA_CUSTOMER_ASKS = 'Could I talk to a person, please? It is about a refund.';
export const QA_CUSTOMER_WRITES = 'Thank you. And when will it arrive?';
export const QA_PHONE_REPLY = 'Hi, this is the shop owner. I am looking at your order myself right now.';

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

export type BotTurn = 'answered' | 'handedOff' | 'quiet';

/** The customer's messages the bot met with no answer, in a row up to the latest (a person's turn ends it). */
function noAnswersInARow(messages: ChatMessage[]): number {
  let count = 0;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i] as ChatMessage;
    if (isPerson(m)) break;
    if (isBot(m)) continue;
    if (!hasNoAnswer(m.content)) break;
    count += 1;
  }
  return count;
}

/** Why the bot hands the conversation off now, by its settings; null: it answers. */
function handoffReason(
  messages: ChatMessage[],
  latest: string,
  settings: HandoffSettings,
): HandoffReason | null {
  if (asksForPerson(latest, settings.phrases)) return 'askedForPerson';
  if (settings.negativeMood && soundsUnhappy(latest)) return 'negativeMood';
  if (settings.noAnswerLimit > 0 && noAnswersInARow(messages) >= settings.noAnswerLimit) return 'noAnswer';
  return null;
}

/**
 * The bot's turn in a conversation after a customer wrote, decided when it comes (a person may have taken the
 * conversation over meanwhile), by the bot's handoff settings:
 * - quiet while a person handles it or it waits for one (except outside the team's hours: then the bot keeps
 *   answering what it can);
 * - a hand-off when the customer asks for a person (the built-in phrases or the bot's own), sounds unhappy,
 *   or met no answer N times in a row: the bot's handoff message in the customer's language, with when the
 *   team is back if it is closed (the reason is then "outside hours"), and the conversation waits;
 * - else an answer (`scripted`, or the bot's own), carrying on from a person's turns since the bot last spoke.
 */
export async function botTakesTurn(ownerId: string, sessionId: string, scripted?: string): Promise<BotTurn> {
  const record = db.chatSessions.findFirst((q) =>
    q.where((s) => s.id === sessionId && s.ownerId === ownerId),
  );
  if (!record) return 'quiet';
  const handling = handlingNow(record);
  const afterHours = handling.by === 'waiting' && handling.reason === 'outsideHours';
  if (handling.by !== 'bot' && !afterHours) return 'quiet';
  const messages = messagesOf(sessionId);
  const customer = messages.filter((m) => !isBot(m) && !isPerson(m));
  const latest = customer.at(-1);
  if (!latest) return 'quiet';
  const language = customerLanguage(latest.content);
  const bot = answeringBot(ownerId);
  const settings = ownersHandoffSettings(ownerId);
  const reason = afterHours ? null : handoffReason(messages, latest.content, settings);
  // Met with the fallback, or handed off for it: one of the bot's unanswered questions.
  if (bot && (reason === 'noAnswer' || (!reason && !scripted)))
    await noteIfUnanswered(ownerId, bot.id, latest.content);
  if (reason) {
    const closed = closedUntil(settings.hours, now());
    const said = settings.message[language].trim() || DEFAULT_HANDOFF_MESSAGES[language];
    const content = closed ? `${said}${language === 'en' ? ' ' : ''}${backAt(closed, language)}` : said;
    await givenLiveMessage(ownerId, { sessionId, content, sender: 'assistant' });
    const since = isoNow();
    const why = closed ? 'outsideHours' : reason;
    await givenHandling(sessionId, { by: 'waiting', reason: why, since });
    await logHandoff(ownerId, sessionId, why, since);
    return 'handedOff';
  }
  const earlier = customer.slice(0, -1).map((m) => m.content);
  // The bot's Q&A knowledge first (an answer the owner wrote wins), naming the entry; else its own answer.
  const own = bot ? (qaReply(bot.id, latest.content) ?? testReply(bot, earlier, latest.content)) : null;
  const answer = scripted ?? own ?? DEFAULT_HANDOFF_MESSAGES[language];
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
 * as sent from the phone, and the bot pauses for the bot's default pause in that conversation (a pause already
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
    const minutes = ownersHandoffSettings(ownerId).defaultPauseMinutes;
    const handling: Handling = {
      by: 'person',
      reason: 'phoneReply',
      since: message.sentAt,
      until: minutes === null ? null : new Date(Date.parse(message.sentAt) + minutes * MINUTE).toISOString(),
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
    .filter((s) => isVisibleNumber(s.fromNumber))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]?.id;
}
