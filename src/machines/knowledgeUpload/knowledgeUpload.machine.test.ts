import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { describeStateViews } from '../../../tests/stateViews';
import type { UploadedFile } from '../../api/schemas/upload';
import { knowledgeUploadModel } from './knowledgeUpload.flowModel';
import { isAcceptedKnowledgeFile, knowledgeUploadMachine, uploadFileWith } from './knowledgeUpload.machine';

const file = (name: string, size = 10) => new File(['x'.repeat(size)], name);
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

  it('keeps a failed file with its message, goes on with the next, and retries on request', async () => {
    const { actor, calls, reportUploaded, settle } = start();
    actor.send({ type: 'files.added', files: [file('a.pdf'), file('b.pdf')] });
    calls[0]?.reject(new Error('Disk full'));
    await settle();
    const failed = actor.getSnapshot().context.items[0];
    expect(failed).toMatchObject({ name: 'a.pdf', status: 'failed', error: 'Disk full' });
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
const current = (s: Snap) => s.context.items.find((item) => item.key === s.context.currentKey);

describeStateViews(knowledgeUploadModel, {
  '*': {
    enabled: (s: Snap) => {
      const first = s.context.items.find((i) => i.key === 'upload-1');
      return [
        'files.added',
        'uploads.cleared',
        // Retry and Remove are offered on a file whose upload failed (the model's is upload-1)...
        ...(first?.status === 'failed' ? ['upload.retried', 'upload.removed'] : []),
        // ...and Cancel on one waiting or being sent (the model cancels upload-1 or upload-2).
        ...(s.context.items.some((i) => ['upload-1', 'upload-2'].includes(i.key) && i.status === 'queued')
          ? ['upload.cancelled']
          : []),
        // The notice about refused files can be dismissed while it shows.
        ...(s.context.refused.length > 0 ? ['refused.dismissed'] : []),
      ];
    },
    shows: (s: Snap) => {
      // Only accepted types are listed; the refused ones are named in the notice.
      expect(s.context.items.every((i) => i.name === 'faq.pdf' && i.size === 5)).toBe(true);
      expect(s.context.refused.every((name) => name === 'virus.exe')).toBe(true);
      // A failed file shows the server's words; a waiting one shows none.
      for (const item of s.context.items)
        expect(item.error).toBe(item.status === 'failed' ? serverError : null);
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
