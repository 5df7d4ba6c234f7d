import { now } from '../../../../mocks/clock';
import { analyzeConversation } from '../../../../mocks/conversations';
import { FEATURED_CONVERSATIONS, featuredConversation, HIDDEN_SENDERS } from '../../../../mocks/seed';
import { ApiError } from '../../../api/errors';
import {
  type ChatAnalysis,
  type ChatMessage,
  type ChatSession,
  SessionFilter,
} from '../../../api/schemas/chatSessions';
import { chatHistoryMachine } from '../../../machines/chatHistory/chatHistory.machine';
import type { ChatHistoryInput } from '../../../machines/chatHistory/chatHistory.setup';
import { ENGLISH_LABELS } from '../../../machines/chatHistory/export';
import { isBotSender } from '../../../machines/chatHistory/sessions';
import { type FlowModel, oneOf } from '../../../machines/model';

const at = '2026-11-19T10:00:00.000Z';
/** An address naming a conversation that is not the user's. */
export const UNKNOWN_SESSION = 'sess-not-yours';
const session = (id: string, fromNumber: string, over: Partial<ChatSession> = {}): ChatSession => ({
  id,
  fromNumber,
  createdAt: at,
  isStarred: false,
  messages: [{ id: `${id}-m1`, content: `Hello from ${id}`, sender: 'user', sentAt: at }],
  analysis: null,
  ...over,
});

export const sampleSessions = [
  session('a', '8613812345678@c.us'),
  session('news', '120363025246125486@newsletter'),
  session('b', '14155550123@c.us', { isStarred: true }),
  session('zero', '0@c.us'),
];
export const sampleMessages: ChatMessage[] = [
  { id: 'm1', content: 'Where is my order?', sender: 'user', sentAt: at },
  { id: 'm2', content: 'It left yesterday.', sender: 'assistant', sentAt: at },
];
export const sampleAnalysis: ChatAnalysis = {
  emotion_positive_percent: '75',
  key_words: ['order'],
  user_will: 'Track an order',
};

// The demo owner's two newest conversations as mocks/seed.ts writes them, with a newsletter and the
// placeholder number the list leaves out (the flow never asks for those two): a QA jump shows the demo's data,
// and what the flow does next (load messages, star, analyze) reaches records the demo backend has.
const t = now();
const order = featuredConversation(FEATURED_CONVERSATIONS.order, t);
const abroad = featuredConversation(FEATURED_CONVERSATIONS.abroad, t);
export const demoSessions = [
  order.session,
  session('news', HIDDEN_SENDERS.newsletter.fromNumber),
  abroad.session,
  session('zero', HIDDEN_SENDERS.placeholder.fromNumber),
];
/** The conversation the models open first (the demo's newest), and its messages. */
export const demoSession: ChatSession = order.session;
export const demoMessages: ChatMessage[] = order.messages;
/** What the demo backend answers when the order conversation is analysed. */
export const demoAnalysis: ChatAnalysis = analyzeConversation(order.messages);

/** A person's reply in the order conversation, as the server stores it (a record the flow creates). */
export const sampleReply: ChatMessage = {
  id: 'msg-person-reply',
  content: 'Your parcel leaves today.',
  sender: 'person',
  sentAt: order.session.createdAt,
  senderName: 'owner',
};

export const chatHistoryModel: FlowModel<ChatHistoryInput | undefined> = {
  id: 'chatHistory',
  machine: chatHistoryMachine.provide({ actions: { logMessagesError: () => {} } }),
  events: [
    { type: 'search.changed', value: '852' },
    { type: 'search.submitted' },
    { type: 'filter.changed', filter: 2 },
    { type: 'list.retry' },
    { type: 'session.selected', id: order.session.id },
    { type: 'session.selected', id: abroad.session.id },
    { type: 'session.closed' },
    { type: 'messages.refresh' },
    { type: 'star.toggled' },
    { type: 'tab.selected', tab: 'export' },
    { type: 'tab.selected', tab: 'analysis' },
    { type: 'tab.selected', tab: 'fineTune' },
    // Handed on to the export child (conversationExport.flowModel.ts), which the flow runs as long as it runs.
    { type: 'export.requested', labels: ENGLISH_LABELS },
    // What the open conversation's analysis child (conversationAnalysis.flowModel.ts) tells.
    { type: 'session.analyzed', analysis: demoAnalysis },
    // What its handling child (conversationHandling.flowModel.ts) tells: taken over, and a reply stored.
    {
      type: 'handling.changed',
      sessionId: order.session.id,
      handling: { by: 'person', name: 'owner', since: order.session.createdAt, until: null },
    },
    { type: 'reply.sent', sessionId: order.session.id, message: sampleReply },
    // Back, Forward or a copied address: a conversation no list has, one another search shows, or none.
    { type: 'url.changed', sessionId: UNKNOWN_SESSION, phone: '', filter: SessionFilter.all },
    { type: 'url.changed', sessionId: order.session.id, phone: '852', filter: SessionFilter.starred },
    { type: 'url.changed', sessionId: null, phone: '', filter: SessionFilter.all },
    { type: 'session.lookupRetried' },
    // "Improve this answer" on the bot's reply of the open conversation, and its dialog closed.
    { type: 'improve.opened', messageId: demoMessages.find((m) => isBotSender(m.sender))?.id ?? '' },
    { type: 'improve.closed' },
  ],
  outputs: {
    searchSessions: demoSessions,
    loadMessages: demoMessages,
    starSession: { id: order.session.id, isStarred: true },
    // Looked up among all: found, or not the user's.
    findSession: oneOf(order.session, null),
  },
  errors: {
    loadMessages: oneOf(
      new ApiError({ kind: 'http', status: 500, endpoint: 'loadMessages', message: 'Internal server error' }),
      new ApiError({ kind: 'http', status: 404, endpoint: 'loadMessages', message: 'Not found' }),
    ),
  },
  // Which session is open and whether a star is in flight matter; texts, lists and options do not.
  serialize: ({ context: c }) => [
    c.selected?.id ?? null,
    c.sessionId,
    c.sessions.length > 0,
    c.pendingStar !== null,
    c.improving !== null,
  ],
  // For transition coverage: also what the live stream tells and what the reader's scrolling says, the events
  // the machine raises when the address changes, and a start at an address that names a conversation.
  coverage: {
    events: [
      { type: 'url.queryFollowed' },
      { type: 'url.sessionFollowed' },
      { type: 'live.session', session: abroad.session },
      { type: 'live.message', sessionId: order.session.id, message: demoMessages[0] as ChatMessage },
      {
        type: 'live.handling',
        sessionId: order.session.id,
        handling: { by: 'waiting', reason: 'askedForPerson', since: '2026-11-24T10:00:00.000Z' },
      },
      { type: 'live.scrolled', atBottom: false },
    ],
    inputs: [{ sessionId: order.session.id }],
  },
};
