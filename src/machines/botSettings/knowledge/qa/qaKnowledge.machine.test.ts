import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, fromPromise, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate';
import { startInAppSystem, stopStandIns } from '../../../../../tests/appSystem';
import { describeStateViews } from '../../../../../tests/stateViews';
import { ApiError } from '../../../../api/errors';
import type { QaEntry, QaImportResult, QaList } from '../../../../api/schemas/knowledgeQa';
import { goodCsv } from '../../../../demo/qa/flowModels/qaImport.flowModel';
import { qaKnowledgeModel, shippingEntry } from '../../../../demo/qa/flowModels/qaKnowledge.flowModel';
import { SEARCH_DEBOUNCE_MS } from '../../../constants';
import { notOfferedError } from '../../../model';
import { qaEntriesToCsv } from './qaCsv';
import { type QaCsvRead, qaImportMachine } from './qaImport.machine';
import {
  type QaCsvFile,
  type QaDraft,
  qaDraftProblem,
  qaKnowledgeMachine,
  qaListFull,
  qaMessages,
} from './qaKnowledge.machine';

type Snap = SnapshotFrom<typeof qaKnowledgeMachine>;
const full = new ApiError({ kind: 'http', status: 409, endpoint: 'POST', message: 'A bot keeps at most 50' });

afterEach(() => stopStandIns());

function start(
  save: (d: QaDraft) => Promise<QaEntry> = async (d) => ({ ...shippingEntry, ...d, id: d.id ?? 'qa-new' }),
) {
  const clock = new SimulatedClock();
  const list = vi.fn(async (_search: string): Promise<QaList> => ({ entries: [shippingEntry], limit: 50 }));
  const saved = vi.fn(save);
  const remove = vi.fn(async (_id: string): Promise<unknown> => ({ success: true }));
  const { actor } = startInAppSystem(
    qaKnowledgeMachine.provide({
      actors: {
        list: fromPromise(({ input }: { input: { botId: string; search: string } }) => list(input.search)),
        save: fromPromise(({ input }: { input: { botId: string; draft: QaDraft } }) => saved(input.draft)),
        remove: fromPromise(({ input }: { input: { botId: string; id: string } }) => remove(input.id)),
      },
    }),
    { clock, input: { botId: 'bot-1' } },
  );
  // Until no call is in flight, with a ceiling only a hang reaches.
  const settle = () => waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('busy'), { timeout: 10_000 });
  return { actor, clock, list, saved, remove, settle, snap: () => actor.getSnapshot() };
}

describe('Q&A knowledge', () => {
  it('lists the entries with the limit, searches once the typing pauses, adds, changes and deletes', async () => {
    const q = start();
    await q.settle();
    expect(q.snap().context).toMatchObject({ entries: [shippingEntry], limit: 50 });
    q.actor.send({ type: 'search.changed', text: 'sh' });
    q.clock.increment(SEARCH_DEBOUNCE_MS - 1);
    q.actor.send({ type: 'search.changed', text: 'ship' });
    q.clock.increment(SEARCH_DEBOUNCE_MS - 1);
    expect(q.list).toHaveBeenCalledTimes(1);
    q.clock.increment(1);
    await q.settle();
    expect(q.list).toHaveBeenLastCalledWith('ship');

    q.actor.send({ type: 'entry.new' });
    q.actor.send({ type: 'editor.changed', patch: { question: 'Opening hours?', answer: '9 to 6.' } });
    q.actor.send({ type: 'editor.save' });
    await q.settle();
    expect(q.snap().context.entries.map((e) => e.id)).toEqual([shippingEntry.id, 'qa-new']);
    q.actor.send({ type: 'entry.edit', id: shippingEntry.id });
    q.actor.send({ type: 'editor.changed', patch: { answer: 'Yes, in 2 days.' } });
    q.actor.send({ type: 'editor.save' });
    await q.settle();
    expect(q.snap().context.entries[0]?.answer).toBe('Yes, in 2 days.');
    q.actor.send({ type: 'entry.delete', id: 'unknown' });
    expect(q.snap().value).toEqual({ ready: 'idle' });
    q.actor.send({ type: 'entry.delete', id: 'qa-new' });
    await q.settle();
    expect(q.remove).toHaveBeenCalledWith('qa-new');
    expect(q.snap().context.entries.map((e) => e.id)).toEqual([shippingEntry.id]);
  });

  it('says what to fix before a call, and keeps the draft when the server refuses it', async () => {
    const q = start(async () => Promise.reject(full));
    await q.settle();
    q.actor.send({ type: 'entry.new' });
    q.actor.send({ type: 'editor.save' });
    expect(q.snap().context.error).toBe(qaMessages.questionNeeded);
    q.actor.send({ type: 'editor.changed', patch: { question: 'Gift wrap?', answer: 'Yes, free.' } });
    q.actor.send({ type: 'editor.save' });
    await q.settle();
    expect(q.snap().context.error).toBe('A bot keeps at most 50');
    expect(q.snap().context.editing).toEqual({ id: null, question: 'Gift wrap?', answer: 'Yes, free.' });
  });

  it('offers a new entry only with nothing being written and, as far as the list tells, room for one', async () => {
    const q = start();
    await q.settle();
    // Read again: the plan now allows one.
    q.list.mockImplementation(async () => ({ entries: [shippingEntry], limit: 1 }));
    q.actor.send({ type: 'search.changed', text: '' });
    q.clock.increment(SEARCH_DEBOUNCE_MS);
    await q.settle();
    // The unsearched list holds as many as the plan allows.
    expect(qaListFull(q.snap().context)).toBe(true);
    q.actor.send({ type: 'entry.new' });
    expect(q.snap().context.editing).toBeNull();
    // A searched list does not tell how many the bot has: the server's limit answers.
    q.actor.send({ type: 'search.changed', text: 'hours' });
    q.actor.send({ type: 'entry.new' });
    expect(q.snap().context.editing).toEqual({ id: null, question: '', answer: '' });
    q.actor.send({ type: 'editor.changed', patch: { question: 'Opening hours?' } });
    // While one is being written, another does not replace it.
    q.actor.send({ type: 'entry.new' });
    expect(q.snap().context.editing?.question).toBe('Opening hours?');
  });

  it('knows what keeps a draft from being saved', () => {
    const d = (question: string, answer = 'A') => ({ id: null, question, answer });
    expect(qaDraftProblem(d('Q?'))).toBeNull();
    expect(qaDraftProblem(d(' '))).toBe(qaMessages.questionNeeded);
    expect(qaDraftProblem(d('x'.repeat(500)))).toBeNull();
    expect(qaDraftProblem(d('x'.repeat(501)))).toBe(qaMessages.questionTooLong);
    expect(qaDraftProblem(d('Q?', ' '))).toBe(qaMessages.answerNeeded);
    expect(qaDraftProblem(d('Q?', 'x'.repeat(2000)))).toBeNull();
    expect(qaDraftProblem(d('Q?', 'x'.repeat(2001)))).toBe(qaMessages.answerTooLong);
  });
});

describeStateViews(qaKnowledgeModel, {
  '*': { shows: (s: Snap) => expect(s.context.botId).toBe('bot-ava') },
  loading: {
    tags: ['loading'],
    runs: { list: (input: { botId: string }) => expect(input.botId).toBe('bot-ava') },
  },
  failed: { tags: ['loadFailed'], enabled: ['retry'] },
  ready: {
    enabled: (s: Snap) => [
      'search.changed',
      ...(s.context.editing === null && !qaListFull(s.context) ? ['entry.new'] : []),
      'editor.cancel',
      'csv.export',
      'csv.downloadFailed',
      ...(s.context.editing === null && s.context.importOffered ? ['csv.fileChosen'] : []),
      ...(s.context.entries.length > 0 ? ['entry.edit', 'entry.delete'] : []),
      ...(s.context.editing ? ['editor.changed', 'editor.save'] : []),
    ],
  },
  'ready.idle': {},
  'ready.searching': {},
  saving: { tags: ['busy'], runs: { save: () => {} } },
  deleting: { tags: ['busy'], runs: { remove: () => {} } },
  importing: {
    runs: {
      csvImport: (child: { context: { file: File } }) => expect(child.context.file).toBeInstanceOf(File),
    },
  },
  exporting: {
    tags: ['busy'],
    runs: { exportAll: (input: { botId: string }) => expect(input.botId).toBe('bot-ava') },
  },
  notOffered: { tags: ['notOffered'] },
});

describe('Q&A knowledge as a CSV file', () => {
  function startCsv(importEntries: () => Promise<QaImportResult> = async () => ({ created: [] })) {
    const list = vi.fn(async (_search: string): Promise<QaList> => ({ entries: [shippingEntry], limit: 50 }));
    const { actor } = startInAppSystem(
      qaKnowledgeMachine.provide({
        actors: {
          list: fromPromise(({ input }: { input: { botId: string; search: string } }) => list(input.search)),
          exportAll: fromPromise(async () => ({
            name: 'questions-and-answers.csv',
            mimeType: 'text/csv;charset=utf-8',
            content: qaEntriesToCsv((await list('')).entries),
          })),
          csvImport: qaImportMachine.provide({
            actors: {
              read: fromPromise(
                async ({ input }: { input: { botId: string; file: File } }): Promise<QaCsvRead> => ({
                  text: await input.file.text(),
                  list: await list(''),
                }),
              ),
              importEntries: fromPromise(importEntries),
            },
          }),
        },
      }),
      { input: { botId: 'bot-1' } },
    );
    const settle = () =>
      waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('busy'), { timeout: 10_000 });
    return { actor, list, settle, snap: () => actor.getSnapshot() };
  }
  const importChild = (actor: { getSnapshot(): Snap }) =>
    actor.getSnapshot().children.csvImport as ActorRefFrom<typeof qaImportMachine> | undefined;

  it('imports a chosen file once confirmed, then loads the list again with the search kept', async () => {
    const q = startCsv();
    await q.settle();
    q.actor.send({ type: 'search.changed', text: 'gift' });
    q.actor.send({ type: 'csv.fileChosen', file: goodCsv });
    const child = importChild(q.actor);
    if (!child) throw new Error('no import running');
    await waitFor(child, (s) => s.matches({ open: 'preview' }), { timeout: 10_000 });
    child.send({ type: 'import.confirm' });
    await waitFor(q.actor, (s) => s.context.imported !== null && s.matches('ready'), { timeout: 10_000 });
    expect(q.snap().context.imported).toBe(2);
    expect(q.list).toHaveBeenLastCalledWith('gift');
  });

  it('goes back to the list when the import is cancelled, and stops offering it on a server without it', async () => {
    const q = startCsv(async () => Promise.reject(notOfferedError('importEntries')));
    await q.settle();
    q.actor.send({ type: 'csv.fileChosen', file: goodCsv });
    importChild(q.actor)?.send({ type: 'import.cancel' });
    await waitFor(q.actor, (s) => s.matches({ ready: 'idle' }), { timeout: 10_000 });
    expect(q.snap().context).toMatchObject({ imported: null, importOffered: true });

    q.actor.send({ type: 'csv.fileChosen', file: goodCsv });
    const child = importChild(q.actor);
    if (!child) throw new Error('no import running');
    await waitFor(child, (s) => s.matches({ open: 'preview' }), { timeout: 10_000 });
    child.send({ type: 'import.confirm' });
    await waitFor(q.actor, (s) => s.matches('ready'), { timeout: 10_000 });
    expect(q.snap().context.importOffered).toBe(false);
    expect(q.snap().context.error).toBeNull();
    expect(q.snap().can({ type: 'csv.fileChosen', file: goodCsv })).toBe(false);
  });

  it('hands the view a file of all the entries, and says so when the browser refuses it', async () => {
    const q = startCsv();
    await q.settle();
    q.actor.send({ type: 'search.changed', text: 'nothing like it' });
    const files: QaCsvFile[] = [];
    q.actor.on('csv.file', (e) => files.push(e.file));
    q.actor.send({ type: 'csv.export' });
    await waitFor(q.actor, () => files.length > 0, { timeout: 10_000 });
    expect(files[0]?.content).toBe(
      `\uFEFFquestion,answer\r\n${shippingEntry.question},"${shippingEntry.answer}"\r\n`,
    );
    expect(q.list).toHaveBeenLastCalledWith('');
    q.actor.send({ type: 'csv.downloadFailed', error: new Error('Blocked') });
    expect(q.snap().context.error).toBe('Blocked');
  });
});
