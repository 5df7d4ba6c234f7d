import type { QaList } from '../../../api/schemas/knowledgeQa';
import { importableEntries } from '../../../machines/botSettings/knowledge/qa/qaCsv';
import {
  type QaCsvRead,
  type QaImportContext,
  qaImportMachine,
} from '../../../machines/botSettings/knowledge/qa/qaImport.machine';
import { type FlowModel, failingOrNotOffered, oneOf } from '../../../machines/model';
import { shippingEntry } from './qaKnowledge.flowModel';

/** A file the user chose: two entries, one of them in Chinese. */
export const goodCsv = new File(
  ['\uFEFFquestion,answer\r\nGift wrap?,"Yes, free."\r\n营业时间？,九点到六点。\r\n'],
  'questions.csv',
  { type: 'text/csv' },
);
/** A file with a bad row: an answer missing, and a question the bot already has. */
export const badCsv = new File(
  [`question,answer\nGift wrap?,\n${shippingEntry.question},Yes.\n`],
  'bad.csv',
  { type: 'text/csv' },
);

const list: QaList = { entries: [shippingEntry], limit: 50 };
const readOf = (text: string | null): QaCsvRead => ({ text, list });

export const qaImportModel: FlowModel<{ botId: string; file: File }> = {
  id: 'qaImport',
  machine: qaImportMachine,
  input: { botId: 'bot-ava', file: goodCsv },
  events: [
    { type: 'import.file', file: badCsv },
    { type: 'import.confirm' },
    { type: 'import.cancel' },
    { type: 'retry' },
  ],
  outputs: {
    // The read gives the file's text (good, bad, or too large to read) with the bot's entries.
    read: oneOf(
      readOf('question,answer\nGift wrap?,"Yes, free."\n'),
      readOf(`question,answer\nGift wrap?,\n${shippingEntry.question},Yes.\n`),
      readOf(null),
    ),
    importEntries: { created: [{ ...shippingEntry, id: 'qa-2', question: 'Gift wrap?' }] },
  },
  errors: {
    read: failingOrNotOffered('read'),
    importEntries: failingOrNotOffered('importEntries'),
  },
  // What the preview shows: rows there or not, whether it can be imported, the file's problem, a failure said.
  serialize: ({ context: c }: { context: QaImportContext }) => [
    c.preview?.rows.length ?? null,
    c.preview ? importableEntries(c.preview) !== null : null,
    c.preview?.problem?.kind ?? null,
    c.error !== null,
  ],
};
