import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { describeStateViews } from '../../../../../tests/stateViews';
import { ApiError } from '../../../../api/errors';
import type { QaEntryBody, QaImportResult } from '../../../../api/schemas/knowledgeQa';
import { badCsv, goodCsv, qaImportModel } from '../../../../demo/qa/flowModels/qaImport.flowModel';
import { shippingEntry } from '../../../../demo/qa/flowModels/qaKnowledge.flowModel';
import { MAX_QA_CSV_BYTES, type QaCsvRead, qaImportMachine } from './qaImport.machine';

type Snap = SnapshotFrom<typeof qaImportMachine>;
const full = new ApiError({ kind: 'http', status: 409, endpoint: 'POST', message: 'A bot keeps at most 50' });
const gone = new ApiError({ kind: 'http', status: 404, endpoint: 'POST', message: 'Cannot POST' });
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function start(
  file: File,
  importEntries: (entries: QaEntryBody[]) => Promise<QaImportResult> = async () => ({ created: [] }),
) {
  const imported = vi.fn(importEntries);
  const read = vi.fn(
    async (f: File): Promise<QaCsvRead> => ({
      text: f.size > MAX_QA_CSV_BYTES ? null : await f.text(),
      list: { entries: [shippingEntry], limit: 50 },
    }),
  );
  const actor = createActor(
    qaImportMachine.provide({
      actors: {
        read: fromPromise(({ input }: { input: { botId: string; file: File } }) => read(input.file)),
        importEntries: fromPromise(({ input }: { input: { botId: string; entries: QaEntryBody[] } }) =>
          imported(input.entries),
        ),
      },
    }),
    { input: { botId: 'bot-1', file } },
  );
  actor.start();
  stops.push(() => actor.stop());
  const settle = () => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 10_000 });
  return { actor, read, imported, settle, snap: () => actor.getSnapshot() };
}

describe('Q&A import from a CSV file', () => {
  it('refuses a file with a bad row, row by row, and imports it once fixed', async () => {
    const q = start(badCsv);
    await q.settle();
    expect(q.snap().value).toEqual({ open: 'preview' });
    expect(q.snap().context.preview?.rows.map((r) => [r.line, r.problems.map((p) => p.kind)])).toEqual([
      [2, ['answerMissing']],
      [3, ['exists']],
    ]);
    expect(q.snap().can({ type: 'import.confirm' })).toBe(false);
    q.actor.send({ type: 'import.confirm' });
    expect(q.imported).not.toHaveBeenCalled();

    q.actor.send({ type: 'import.file', file: goodCsv });
    await q.settle();
    expect(q.snap().can({ type: 'import.confirm' })).toBe(true);
    q.actor.send({ type: 'import.confirm' });
    await waitFor(q.actor, (s) => s.status === 'done', { timeout: 10_000 });
    expect(q.imported).toHaveBeenCalledWith([
      { question: 'Gift wrap?', answer: 'Yes, free.' },
      { question: '营业时间？', answer: '九点到六点。' },
    ]);
    expect(q.snap().output).toEqual({ outcome: 'imported', count: 2 });
  });

  it('keeps the preview with the server’s reason when it refuses, and can be cancelled', async () => {
    const q = start(goodCsv, async () => Promise.reject(full));
    await q.settle();
    q.actor.send({ type: 'import.confirm' });
    await q.settle();
    expect(q.snap().value).toEqual({ open: 'preview' });
    expect(q.snap().context.error).toBe('A bot keeps at most 50');
    expect(q.snap().context.preview?.rows).toHaveLength(2);
    q.actor.send({ type: 'import.cancel' });
    expect(q.snap().output).toEqual({ outcome: 'cancelled' });
  });

  it('marks the rows the server refused, which keeps the file from being sent again as it is', async () => {
    const refused = new ApiError({
      kind: 'http',
      status: 400,
      endpoint: 'POST',
      message: 'Row 2, question: The bot already has this question',
      body: {
        statusCode: 400,
        message: 'Row 2, question: The bot already has this question',
        code: 'VALIDATION_FAILED',
        details: [{ row: 2, field: 'question', message: 'The bot already has this question' }],
      },
    });
    const q = start(goodCsv, async () => Promise.reject(refused));
    await q.settle();
    q.actor.send({ type: 'import.confirm' });
    await q.settle();
    expect(q.snap().context.preview?.rows.map((r) => r.problems)).toEqual([
      [],
      [{ kind: 'server', message: 'The bot already has this question' }],
    ]);
    expect(q.snap().can({ type: 'import.confirm' })).toBe(false);
  });

  it('says a server without the call does not offer it', async () => {
    const q = start(goodCsv, async () => Promise.reject(gone));
    await q.settle();
    q.actor.send({ type: 'import.confirm' });
    await waitFor(q.actor, (s) => s.status === 'done', { timeout: 10_000 });
    expect(q.snap().output).toEqual({ outcome: 'notOffered' });
  });

  it('refuses a file too large to read without reading it', async () => {
    const huge = new File(['x'], 'huge.csv');
    Object.defineProperty(huge, 'size', { value: MAX_QA_CSV_BYTES + 1 });
    const q = start(huge);
    await q.settle();
    expect(q.snap().context.preview).toEqual({
      rows: [],
      problem: { kind: 'tooLarge', maxBytes: MAX_QA_CSV_BYTES },
    });
    expect(q.snap().can({ type: 'import.confirm' })).toBe(false);
  });
});

describeStateViews(qaImportModel, {
  '*': { shows: (s: Snap) => expect(s.context.botId).toBe('bot-ava') },
  open: { enabled: ['import.file', 'import.cancel'] },
  'open.reading': {
    tags: ['busy'],
    runs: { read: (input: { file: File }) => expect(input.file).toBeInstanceOf(File) },
  },
  'open.failed': { tags: ['readFailed'], enabled: ['retry'] },
  'open.preview': {
    enabled: (s: Snap) =>
      s.context.preview?.problem === null && s.context.preview.rows.every((r) => r.problems.length === 0)
        ? ['import.confirm']
        : [],
  },
  'open.importing': {
    tags: ['busy'],
    runs: {
      importEntries: (input: { entries: QaEntryBody[] }) => expect(input.entries.length).toBeGreaterThan(0),
    },
  },
  imported: { shows: (s: Snap) => expect(s.output).toMatchObject({ outcome: 'imported' }) },
  cancelled: { shows: (s: Snap) => expect(s.output).toEqual({ outcome: 'cancelled' }) },
  notOffered: { shows: (s: Snap) => expect(s.output).toEqual({ outcome: 'notOffered' }) },
});
