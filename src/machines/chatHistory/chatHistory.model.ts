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

export const chatHistoryModel: FlowModel<ChatHistoryInput | undefined> = {
  id: 'chatHistory',
  // The export action reports back by event; the model sends those events itself.
  machine: chatHistoryMachine.provide({
    actions: { exportConversation: () => {}, logMessagesError: () => {}, logExportError: () => {} },
  }),
  events: [
    { type: 'search.changed', value: '138' },
    { type: 'search.submitted' },
    { type: 'filter.changed', filter: 2 },
    { type: 'list.retry' },
    { type: 'session.selected', id: 'a' },
    { type: 'session.selected', id: 'b' },
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
    { type: 'export.done', fileName: 'chat-1-20261122-090507.json' },
    { type: 'export.failed', error: { message: 'disk full' } },
  ],
  outputs: {
    searchSessions: sampleSessions,
    loadMessages: sampleMessages,
    starSession: { id: 'a', isStarred: true },
    analyzeSession: sampleAnalysis,
  },
  // Which session is open and whether a star is in flight matter; texts, lists and options do not.
  serialize: ({ context: c }) => [c.selected?.id ?? null, c.sessions.length > 0, c.pendingStar !== null],
};
