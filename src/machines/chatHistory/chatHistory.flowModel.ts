import { now } from '../../../mocks/clock';
import { analyzeConversation } from '../../../mocks/conversations';
import { FEATURED_CONVERSATIONS, featuredConversation, HIDDEN_SENDERS } from '../../../mocks/seed';
import type { ChatAnalysis, ChatMessage, ChatSession } from '../../api/schemas/chatSessions';
import type { FlowModel } from '../model';
import { type ChatHistoryInput, chatHistoryMachine } from './chatHistory.machine';
import { exportFileName } from './export';

const at = '2026-11-19T10:00:00.000Z';
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
export const demoMessages: ChatMessage[] = order.messages;
/** What the demo backend answers when the order conversation is analysed. */
const demoAnalysis: ChatAnalysis = analyzeConversation(order.messages);

export const chatHistoryModel: FlowModel<ChatHistoryInput | undefined> = {
  id: 'chatHistory',
  // The export action reports back by event; the model sends those events itself.
  machine: chatHistoryMachine.provide({
    actions: { exportConversation: () => {}, logMessagesError: () => {}, logExportError: () => {} },
  }),
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
    { type: 'analysis.requested' },
    { type: 'tab.selected', tab: 'export' },
    { type: 'tab.selected', tab: 'analysis' },
    { type: 'export.formatChanged', format: 'txt' },
    { type: 'export.includeAnalysisChanged', value: false },
    { type: 'export.includeTimestampsChanged', value: false },
    { type: 'export.requested' },
    { type: 'export.done', fileName: exportFileName(order.session.fromNumber, 'json', new Date(t)) },
    { type: 'export.failed', error: { message: 'disk full' } },
  ],
  outputs: {
    searchSessions: demoSessions,
    loadMessages: demoMessages,
    starSession: { id: order.session.id, isStarred: true },
    analyzeSession: demoAnalysis,
  },
  // Which session is open and whether a star is in flight matter; texts, lists and options do not.
  serialize: ({ context: c }) => [c.selected?.id ?? null, c.sessions.length > 0, c.pendingStar !== null],
};
