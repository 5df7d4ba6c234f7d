import type { ChatAnalysis, ChatMessage, ChatSession } from '../../api/schemas/chatSessions';
import type { FlowModel } from '../model';
import { type ChatHistoryInput, chatHistoryMachine } from './chatHistory.machine';

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

// Two of the demo owner's conversations as mocks/seed.ts creates them (tests/qa-demo-data.test.ts checks),
// with a newsletter and the placeholder number the list leaves out: a QA jump shows the demo's data, and
// what the flow does next (load messages, star, analyze) reaches records the demo backend has.
const order = session('sess-cy9zah47', '85298455226@c.us', {
  createdAt: '2026-11-21T16:47:00.000Z',
  messages: [
    {
      id: 'msg-ajcenjes',
      content: 'Where is my order #48213?',
      sender: 'user',
      sentAt: '2026-11-21T16:47:00.000Z',
    },
  ],
});
const abroad = session('sess-4g1xuzpk', '8613895756269@c.us', {
  createdAt: '2026-11-21T16:40:00.000Z',
  isStarred: true,
  messages: [
    {
      id: 'msg-ncjjppn6',
      content: 'Do you ship abroad?',
      sender: 'user',
      sentAt: '2026-11-21T16:40:00.000Z',
    },
  ],
});
export const demoSessions = [
  order,
  session('news', '120363025246125486@newsletter'),
  abroad,
  session('zero', '0@c.us'),
];
export const demoMessages: ChatMessage[] = [
  {
    id: 'msg-ajcenjes',
    content: 'Where is my order #48213?',
    sender: 'user',
    sentAt: '2026-11-21T16:47:00.000Z',
  },
  {
    id: 'msg-ftabrj24',
    content:
      'Hi! Thanks for contacting Brightside Home Goods. Let me check that for you. Your order left our warehouse yesterday and should arrive within 2 days.',
    sender: 'assistant',
    sentAt: '2026-11-21T16:48:04.000Z',
  },
];
const demoAnalysis: ChatAnalysis = {
  emotion_positive_percent: '75',
  key_words: ['order', 'delivery', 'warehouse'],
  user_will: 'Wants to know where the order is',
};

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
    { type: 'session.selected', id: order.id },
    { type: 'session.selected', id: abroad.id },
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
    { type: 'export.done', fileName: 'chat-85298455226-20261121-164700.json' },
    { type: 'export.failed', error: { message: 'disk full' } },
  ],
  outputs: {
    searchSessions: demoSessions,
    loadMessages: demoMessages,
    starSession: { id: order.id, isStarred: true },
    analyzeSession: demoAnalysis,
  },
  // Which session is open and whether a star is in flight matter; texts, lists and options do not.
  serialize: ({ context: c }) => [c.selected?.id ?? null, c.sessions.length > 0, c.pendingStar !== null],
};
