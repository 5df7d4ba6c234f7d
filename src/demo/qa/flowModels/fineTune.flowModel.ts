import type { ChatMessage, ChatSession } from '../../../api/schemas/chatSessions';
import { MIN_EXAMPLES } from '../../../machines/chatHistory/fineTune/dataset';
import {
  type FineTuneBot,
  type FineTuneContext,
  type FineTuneInput,
  fineTuneMachine,
} from '../../../machines/chatHistory/fineTune/fineTune.machine';
import type { FlowModel } from '../../../machines/model';

const at = '2026-11-20T09:00:00.000Z';

export const sampleSession = (i: number, over: Partial<ChatSession> = {}): ChatSession => ({
  id: `s${i}`,
  fromNumber: `861380000${String(i).padStart(4, '0')}@c.us`,
  createdAt: at,
  isStarred: i % 3 === 0,
  messages: [{ id: `s${i}-m1`, content: `Question ${i}`, sender: 'user', sentAt: at }],
  analysis: null,
  ...over,
});

/** A question and its answer: a good example. */
export const sampleMessages = (i: number): ChatMessage[] => [
  { id: `s${i}-m1`, content: `Question ${i}`, sender: 'user', sentAt: at },
  { id: `s${i}-m2`, content: `Answer ${i}`, sender: 'assistant', sentAt: at },
];

const bot = (id: string, name: string, prompt: string): FineTuneBot => ({ id, name, prompt });

export const sampleBots = [
  bot('bot-ava', 'Ava', 'You are Ava, the shop assistant.'),
  bot('bot-leo', 'Leo', 'You are Leo, the sales assistant.'),
];

/** Exactly as many conversations as a file needs. */
export const sampleSessions = Array.from({ length: MIN_EXAMPLES }, (_, i) => sampleSession(i));
export const sampleInput: FineTuneInput = {
  userId: 'user-owner',
  scope: { phone: '', filter: 1, sessions: sampleSessions },
};

const counts = (c: FineTuneContext) => {
  const by = { pending: 0, loaded: 0, failed: 0 };
  for (const s of c.chosen) {
    const status = c.loads[s.id]?.status;
    if (status) by[status]++;
  }
  return by;
};

export const fineTuneModel: FlowModel<FineTuneInput> = {
  id: 'fineTune',
  // The download action reports back by event; the model sends those events itself.
  machine: fineTuneMachine.provide({ actions: { download: () => {}, logDownloadError: () => {} } }),
  input: sampleInput,
  events: [
    { type: 'scope.changed', scope: { phone: '8613', filter: 1, sessions: sampleSessions.slice(0, 2) } },
    { type: 'source.changed', source: 'filter' },
    { type: 'source.changed', source: 'starred' },
    { type: 'source.changed', source: 'picked' },
    { type: 'session.toggled', id: 's0' },
    { type: 'picks.cleared' },
    { type: 'bot.selected', id: 'bot-leo' },
    { type: 'bots.retry' },
    { type: 'starred.retry' },
    { type: 'preview.requested' },
    ...sampleSessions.map((s, i) => ({ type: 'conversation.loaded', id: s.id, messages: sampleMessages(i) })),
    { type: 'conversation.failed', id: 's0', error: { message: 'Internal server error' } },
    { type: 'loading.cancelled' },
    { type: 'conversation.excluded', id: 's0' },
    { type: 'conversation.included', id: 's0' },
    { type: 'conversation.retried', id: 's0' },
    { type: 'failed.retried' },
    { type: 'selection.edit' },
    { type: 'download.requested' },
    { type: 'download.done', fileName: 'finetune-ava-20261120-090000.jsonl' },
    { type: 'download.failed', error: { message: 'blocked' } },
  ],
  outputs: {
    listBots: sampleBots,
    searchStarred: sampleSessions.filter((s) => s.isStarred),
  },
  // While choosing, the choice; during a run, its shape (how many loaded, failed, left out). Not the texts.
  serialize: (snapshot) => {
    const c = snapshot.context as FineTuneContext;
    const n = counts(c);
    if (snapshot.matches({ flow: 'choosing' }))
      return [c.source, c.picked.length > 0, c.scope.sessions.length, n.loaded > 0];
    return [c.chosen.length, n.pending, n.loaded, n.failed, c.excluded.length > 0, c.problems.length];
  },
};
