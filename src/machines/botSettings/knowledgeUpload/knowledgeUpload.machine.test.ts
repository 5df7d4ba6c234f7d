import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import type { UploadedFile } from '../../../api/schemas/upload';
import { knowledgeUploadModel } from '../../../demo/qa/flowModels/knowledgeUpload.flowModel';
import {
  isAcceptedKnowledgeFile,
  knowledgeUploadMachine,
  retryCanFix,
  uploadFileWith,
} from './knowledgeUpload.machine';
import { KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_FILE_MAX_MB } from './limits';

const file = (name: string, size = 10) => new File(['x'.repeat(size)], name);
/** A file of `size` bytes without holding them (a 20 MB buffer per test would only slow the suite). */
const sized = (name: string, size: number) =>
  Object.defineProperty(new File([], name), 'size', { value: size });
const httpError = (status: number, message = 'Refused') =>
  new ApiError({ kind: 'http', status, endpoint: 'POST /upload/file-to-knowledge', message });
const networkError = () =>
  new ApiError({ kind: 'network', endpoint: 'POST /upload/file-to-knowledge', message: 'Failed to fetch' });
const uploaded = (name: string): UploadedFile => ({
  name,
  size: 10,
  date: '2026-11-22T10:00:00.000Z',
  knowledgeFileId: `kf-${name}`,
  url: `https://files.test/${name}`,
});

/** Each upload waits until the test settles it, so the order can be observed; it reports progress on demand. */
function start() {
  const calls: {
    name: string;
    resolve: (f: UploadedFile) => void;
    reject: (e: unknown) => void;
    progress: (loaded: number, total: number) => void;
    signal: AbortSignal;
  }[] = [];
  const reportUploaded = vi.fn();
  const actor = createActor(
    knowledgeUploadMachine.provide({
      actors: {
        uploadFile: uploadFileWith(
          (file, { signal, onProgress } = {}) =>
            new Promise((resolve, reject) =>
              calls.push({
                name: file.name,
                resolve,
                reject,
                progress: (loaded, total) => onProgress?.({ loaded, total }),
                signal: signal as AbortSignal,
              }),
            ),
        ),
      },
      actions: { reportUploaded: (_, params: { file: UploadedFile }) => reportUploaded(params.file.name) },
    }),
  ).start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const items = () => actor.getSnapshot().context.items;
  return { actor, calls, reportUploaded, settle, items };
}

describe('knowledge upload', () => {
  it('accepts PDF, DOC, DOCX and TXT by extension, in any case', () => {
    expect(['a.pdf', 'b.DOC', 'c.docx', 'notes.final.TXT'].every(isAcceptedKnowledgeFile)).toBe(true);
    expect(['virus.exe', 'sheet.xlsx', 'pdf', 'image.pdf.png', ''].some(isAcceptedKnowledgeFile)).toBe(false);
  });

  it('refuses other types by name and uploads the rest one after another, in order', async () => {
    const { actor, calls, reportUploaded, settle } = start();
    actor.send({ type: 'files.added', files: [file('faq.txt'), file('virus.exe'), file('prices.pdf')] });
    expect(actor.getSnapshot().context.refused).toEqual(['virus.exe']);
    expect(actor.getSnapshot().context.items.map((i) => i.name)).toEqual(['faq.txt', 'prices.pdf']);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.map((c) => c.name)).toEqual(['faq.txt']);
    calls[0]?.resolve(uploaded('faq.txt'));
    await settle();
    expect(reportUploaded).toHaveBeenCalledWith('faq.txt');
    // The second starts only after the first finished.
    expect(calls.map((c) => c.name)).toEqual(['faq.txt', 'prices.pdf']);
    expect(actor.getSnapshot().context.items.map((i) => i.name)).toEqual(['prices.pdf']);
    calls[1]?.resolve(uploaded('prices.pdf'));
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.items).toEqual([]);
    actor.send({ type: 'refused.dismissed' });
    expect(actor.getSnapshot().context.refused).toEqual([]);
  });

  it('refuses a file over the size limit by name before any byte is sent, and uploads the rest', async () => {
    expect(KNOWLEDGE_FILE_MAX_BYTES).toBe(KNOWLEDGE_FILE_MAX_MB * 1024 * 1024);
    const { actor, calls, settle, items } = start();
    actor.send({
      type: 'files.added',
      files: [
        sized('manual.pdf', KNOWLEDGE_FILE_MAX_BYTES + 1),
        sized('limit.pdf', KNOWLEDGE_FILE_MAX_BYTES),
        sized('virus.exe', KNOWLEDGE_FILE_MAX_BYTES + 1),
      ],
    });
    // The wrong type is said as such, whatever its size; only the file at the limit is queued and sent.
    expect(actor.getSnapshot().context).toMatchObject({ tooLarge: ['manual.pdf'], refused: ['virus.exe'] });
    expect(items().map((i) => i.name)).toEqual(['limit.pdf']);
    expect(calls.map((c) => c.name)).toEqual(['limit.pdf']);
    calls[0]?.resolve(uploaded('limit.pdf'));
    await settle();
    expect(calls.map((c) => c.name)).toEqual(['limit.pdf']);
    actor.send({ type: 'refused.dismissed' });
    expect(actor.getSnapshot().context).toMatchObject({ tooLarge: [], refused: [] });
    // Only too large, the notice can still be dismissed.
    actor.send({ type: 'files.added', files: [sized('scan.pdf', KNOWLEDGE_FILE_MAX_BYTES + 1)] });
    expect(actor.getSnapshot().can({ type: 'refused.dismissed' })).toBe(true);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('the README states the app’s limit, apart from the mock server’s body limit', () => {
    const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(`A knowledge file may be up to ${KNOWLEDGE_FILE_MAX_MB} MB`);
    expect(readme).toContain("A request body over 25 MB is refused with 413 (the server's body limit)");
  });

  it('offers a retry only for what a retry can fix: no answer, or a failing server', () => {
    expect(
      [networkError(), httpError(500), httpError(502), httpError(503), httpError(429)].every(retryCanFix),
    ).toBe(true);
    expect(
      [httpError(400), httpError(403), httpError(404), httpError(413), httpError(415), httpError(422)].some(
        retryCanFix,
      ),
    ).toBe(false);
    // An answer of the wrong shape would come back the same.
    expect(
      retryCanFix(new ApiError({ kind: 'schema', endpoint: 'POST /upload/file-to-knowledge', message: 'x' })),
    ).toBe(false);
  });

  it('keeps a refused file with its message and Remove, but no Retry', async () => {
    const { actor, calls, settle, items } = start();
    actor.send({ type: 'files.added', files: [file('a.pdf'), file('b.txt'), file('c.pdf')] });
    calls[0]?.reject(httpError(413, 'The request body is larger than 25 MB'));
    await settle();
    calls[1]?.reject(httpError(415, 'Unsupported media type'));
    await settle();
    calls[2]?.reject(httpError(400, 'file: c.pdf is empty'));
    await settle();
    expect(items()).toMatchObject([
      { name: 'a.pdf', status: 'failed', retryable: false, error: 'The request body is larger than 25 MB' },
      { name: 'b.txt', status: 'failed', retryable: false },
      { name: 'c.pdf', status: 'failed', retryable: false, error: 'file: c.pdf is empty' },
    ]);
    for (const item of items()) {
      expect(actor.getSnapshot().can({ type: 'upload.retried', key: item.key })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'upload.removed', key: item.key })).toBe(true);
    }
    actor.send({ type: 'upload.retried', key: items()[0]?.key ?? '' });
    expect(calls).toHaveLength(3);
  });

  it('keeps a failed file with its message, goes on with the next, and retries on request', async () => {
    const { actor, calls, reportUploaded, settle } = start();
    actor.send({ type: 'files.added', files: [file('a.pdf'), file('b.pdf')] });
    calls[0]?.reject(networkError());
    await settle();
    const failed = actor.getSnapshot().context.items[0];
    expect(failed).toMatchObject({
      name: 'a.pdf',
      status: 'failed',
      error: 'Failed to fetch',
      retryable: true,
    });
    expect(calls.map((c) => c.name)).toEqual(['a.pdf', 'b.pdf']);
    calls[1]?.resolve(uploaded('b.pdf'));
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'upload.retried', key: failed?.key ?? '' });
    expect(calls.map((c) => c.name)).toEqual(['a.pdf', 'b.pdf', 'a.pdf']);
    calls[2]?.resolve(uploaded('a.pdf'));
    await settle();
    expect(reportUploaded.mock.calls.map((c) => c[0])).toEqual(['b.pdf', 'a.pdf']);
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('keeps the progress of the file being sent, in bytes, and only of that file', async () => {
    const { actor, calls, items, settle } = start();
    actor.send({ type: 'files.added', files: [file('a.pdf', 300), file('b.pdf', 100)] });
    expect(items().map((i) => i.progress)).toEqual([null, null]);
    calls[0]?.progress(120, 300);
    calls[0]?.progress(300, 300);
    expect(items().map((i) => i.progress)).toEqual([{ loaded: 300, total: 300 }, null]);
    calls[0]?.resolve(uploaded('a.pdf'));
    await settle();
    // The next starts from nothing sent.
    expect(items()).toMatchObject([{ name: 'b.pdf', progress: null }]);
  });

  it('cancels the file being sent: its request is aborted, it leaves the list, the next one starts', async () => {
    const { actor, calls, reportUploaded, settle, items } = start();
    actor.send({ type: 'files.added', files: [file('a.pdf'), file('b.pdf')] });
    calls[0]?.progress(4, 10);
    const [first] = items();
    actor.send({ type: 'upload.cancelled', key: first?.key ?? '' });
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(items().map((i) => i.name)).toEqual(['b.pdf']);
    expect(calls.map((c) => c.name)).toEqual(['a.pdf', 'b.pdf']);
    // What the aborted request says afterwards changes nothing: the parent never hears of it.
    calls[0]?.progress(10, 10);
    calls[0]?.resolve(uploaded('a.pdf'));
    calls[0]?.reject(new Error('aborted'));
    await settle();
    expect(reportUploaded).not.toHaveBeenCalled();
    expect(items()).toMatchObject([{ name: 'b.pdf', status: 'queued', progress: null }]);
    calls[1]?.resolve(uploaded('b.pdf'));
    await settle();
    expect(reportUploaded.mock.calls).toEqual([['b.pdf']]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('cancels a waiting file: it leaves the queue and is never sent', async () => {
    const { actor, calls, reportUploaded, settle, items } = start();
    actor.send({ type: 'files.added', files: [file('a.pdf'), file('b.pdf'), file('c.pdf')] });
    const b = items()[1];
    actor.send({ type: 'upload.cancelled', key: b?.key ?? '' });
    expect(calls[0]?.signal.aborted).toBe(false);
    expect(items().map((i) => i.name)).toEqual(['a.pdf', 'c.pdf']);
    calls[0]?.resolve(uploaded('a.pdf'));
    await settle();
    calls[1]?.resolve(uploaded('c.pdf'));
    await settle();
    expect(calls.map((c) => c.name)).toEqual(['a.pdf', 'c.pdf']);
    expect(reportUploaded.mock.calls).toEqual([['a.pdf'], ['c.pdf']]);
  });

  it('cancels only waiting or running files, removes only failed ones, and clears everything on request', async () => {
    const { actor, calls, settle, items } = start();
    actor.send({ type: 'files.added', files: [file('a.pdf'), file('b.pdf')] });
    const [a] = items();
    const key = a?.key ?? '';
    expect(actor.getSnapshot().can({ type: 'upload.removed', key })).toBe(false);
    calls[0]?.reject(new Error('Disk full'));
    await settle();
    expect(actor.getSnapshot().can({ type: 'upload.cancelled', key })).toBe(false);
    actor.send({ type: 'upload.removed', key });
    expect(items().map((i) => i.name)).toEqual(['b.pdf']);
    actor.send({ type: 'uploads.cleared' });
    expect(calls[1]?.signal.aborted).toBe(true);
    expect(items()).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('does not retry a file that has not failed', () => {
    const { actor } = start();
    actor.send({ type: 'files.added', files: [file('a.pdf')] });
    const key = actor.getSnapshot().context.items[0]?.key ?? '';
    expect(actor.getSnapshot().can({ type: 'upload.retried', key })).toBe(false);
  });
});

type Snap = SnapshotFrom<typeof knowledgeUploadMachine>;
const serverError = 'Internal server error';
const refusal = 'file: faq.pdf is empty';
const current = (s: Snap) => s.context.items.find((item) => item.key === s.context.currentKey);

describeStateViews(knowledgeUploadModel, {
  '*': {
    enabled: (s: Snap) => {
      const first = s.context.items.find((i) => i.key === 'upload-1');
      return [
        'files.added',
        'uploads.cleared',
        // Remove is offered on a file whose upload failed (the model's is upload-1), Retry only when the
        // server failed: the same file would be refused again...
        ...(first?.status === 'failed' ? ['upload.removed'] : []),
        ...(first?.status === 'failed' && first.error === serverError ? ['upload.retried'] : []),
        // ...and Cancel on one waiting or being sent (the model cancels upload-1 or upload-2).
        ...(s.context.items.some((i) => ['upload-1', 'upload-2'].includes(i.key) && i.status === 'queued')
          ? ['upload.cancelled']
          : []),
        // The notice about refused files can be dismissed while it shows.
        ...(s.context.refused.length + s.context.tooLarge.length > 0 ? ['refused.dismissed'] : []),
      ];
    },
    shows: (s: Snap) => {
      // Only accepted types within the size limit are listed; the others are named in the notice.
      expect(s.context.items.every((i) => i.name === 'faq.pdf' && i.size === 5)).toBe(true);
      expect(s.context.refused.every((name) => name === 'virus.exe')).toBe(true);
      expect(s.context.tooLarge.every((name) => name === 'manual.pdf')).toBe(true);
      // A failed file shows the server's words, and can be retried only if the server failed; a waiting one
      // shows none.
      for (const item of s.context.items) {
        if (item.status === 'failed') expect([serverError, refusal]).toContain(item.error);
        else expect(item.error).toBeNull();
        expect(item.retryable).toBe(item.status === 'failed' && item.error === serverError);
      }
      // Only the file being sent has a progress, and it is what its upload last said.
      for (const item of s.context.items)
        if (item.key !== s.context.currentKey || !s.hasTag('busy')) expect(item.progress).toBeNull();
      expect(new Set(s.context.items.map((i) => i.key)).size).toBe(s.context.items.length);
    },
  },
  // Nothing waits while nothing uploads.
  idle: {
    shows: (s: Snap) => {
      expect(s.context.items.filter((i) => i.status === 'queued')).toEqual([]);
      expect(s.context.currentKey).toBeNull();
    },
  },
  uploading: {
    tags: ['busy'],
    // What the running upload may tell: how far it got, and how it ended.
    enabled: ['upload.progressed', 'upload.succeeded', 'upload.failed'],
    // The file sent is the one marked as uploading, a listed file waiting for its turn.
    runs: { uploadFile: (input: { file: File }, s: Snap) => expect(input.file).toBe(current(s)?.file) },
    shows: (s: Snap) => {
      expect(current(s)?.status).toBe('queued');
      expect([null, { loaded: 2, total: 5 }]).toContainEqual(current(s)?.progress);
    },
  },
});
