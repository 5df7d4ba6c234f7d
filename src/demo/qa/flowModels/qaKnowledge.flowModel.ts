import type { QaEntry } from '../../../api/schemas/knowledgeQa';
import {
  type QaKnowledgeContext,
  qaDraftProblem,
  qaKnowledgeMachine,
} from '../../../machines/botSettings/knowledge/qa/qaKnowledge.machine';
import { type FlowModel, failingOrNotOffered, oneOf } from '../../../machines/model';

export const shippingEntry: QaEntry = {
  id: 'qa-1',
  question: 'Do you ship to Singapore?',
  answer: 'Yes, in 3 to 5 days.',
  updatedAt: '2026-11-24T10:00:00.000Z',
};

export const qaKnowledgeModel: FlowModel<{ botId: string }> = {
  id: 'qaKnowledge',
  machine: qaKnowledgeMachine,
  input: { botId: 'bot-ava' },
  events: [
    { type: 'search.changed', text: 'ship' },
    { type: 'entry.new' },
    { type: 'entry.edit', id: shippingEntry.id },
    { type: 'editor.changed', patch: { question: 'Opening hours?', answer: '9 to 6.' } },
    { type: 'editor.changed', patch: { answer: ' ' } },
    { type: 'editor.cancel' },
    { type: 'editor.save' },
    { type: 'entry.delete', id: shippingEntry.id },
    { type: 'retry' },
    { type: 'csv.fileChosen', file: new File(['question,answer\nGift wrap?,Yes.\n'], 'qa.csv') },
    { type: 'csv.export' },
    { type: 'csv.downloadFailed', error: new Error('The browser refused the download') },
  ],
  outputs: {
    list: oneOf({ entries: [shippingEntry], limit: 50 }, { entries: [], limit: null }),
    save: { ...shippingEntry, question: 'Opening hours?' },
    remove: { success: true },
    csvImport: oneOf({ outcome: 'imported', count: 1 }, { outcome: 'cancelled' }, { outcome: 'notOffered' }),
    exportAll: { name: 'questions-and-answers.csv', mimeType: 'text/csv;charset=utf-8', content: '' },
  },
  errors: {
    list: failingOrNotOffered('list'),
    save: failingOrNotOffered('save'),
    remove: failingOrNotOffered('remove'),
    exportAll: failingOrNotOffered('exportAll'),
  },
  // What the list and its editor show: entries there or not, an editor open and whether it can be saved, a
  // problem or failure said.
  serialize: ({ context: c }: { context: QaKnowledgeContext }) => [
    c.entries.length,
    c.editing === null ? null : qaDraftProblem(c.editing) === null,
    c.editing?.id ?? null,
    c.error !== null,
    c.imported,
    c.importOffered,
  ],
};
