import { ApiError } from '../../../api/errors';
import {
  type KnowledgeUploadContext,
  knowledgeUploadMachine,
} from '../../../machines/botSettings/knowledgeUpload/knowledgeUpload.machine';
import { KNOWLEDGE_FILE_MAX_BYTES } from '../../../machines/botSettings/knowledgeUpload/limits';
import type { FlowModel } from '../../../machines/model';

const file = (name: string) => new File(['hello'], name);
/** A file one byte over the limit, without holding its bytes. */
const tooLarge = (name: string) =>
  Object.defineProperty(new File([], name), 'size', { value: KNOWLEDGE_FILE_MAX_BYTES + 1 });

export const knowledgeUploadModel: FlowModel = {
  id: 'knowledgeUpload',
  // Alone, without the bot editor around it, there is no parent to tell.
  machine: knowledgeUploadMachine.provide({ actions: { reportUploaded: () => {} } }),
  events: [
    // Files serialize as {}: the name field tells the two events apart for the graph.
    { type: 'files.added', files: [file('faq.pdf')], name: 'faq.pdf' },
    { type: 'files.added', files: [file('virus.exe')], name: 'virus.exe' },
    { type: 'files.added', files: [tooLarge('manual.pdf')], name: 'manual.pdf' },
    { type: 'upload.retried', key: 'upload-1' },
    { type: 'upload.cancelled', key: 'upload-1' },
    // The second file picked, while it waits behind the first.
    { type: 'upload.cancelled', key: 'upload-2' },
    { type: 'upload.removed', key: 'upload-1' },
    { type: 'uploads.cleared' },
    { type: 'refused.dismissed' },
    // What the running upload tells: how far it got, then how it ended.
    { type: 'upload.progressed', loaded: 2, total: 5 },
    {
      type: 'upload.succeeded',
      file: {
        name: 'faq.pdf',
        size: 5,
        date: '2026-11-22T10:00:00.000Z',
        knowledgeFileId: 'kf-faq',
        url: 'https://files.demo.test/faq.pdf',
      },
    },
    {
      type: 'upload.failed',
      error: new ApiError({
        kind: 'http',
        status: 500,
        endpoint: 'POST /upload/file-to-knowledge',
        message: 'Internal server error',
      }),
    },
    // A refusal of the file itself: retrying it would be refused again.
    {
      type: 'upload.failed',
      error: new ApiError({
        kind: 'http',
        status: 400,
        endpoint: 'POST /upload/file-to-knowledge',
        message: 'file: faq.pdf is empty',
      }),
    },
  ],
  // The shape of the queue (capped, so the graph stays finite), not the keys handed out.
  serialize: ({ context }) => {
    const c = context as KnowledgeUploadContext;
    return [
      Math.min(c.items.length, 2),
      c.items.some((i) => i.status === 'failed'),
      c.items.some((i) => i.retryable),
      c.items.some((i) => i.progress !== null),
      c.items[0]?.key === 'upload-1' ? c.items[0].status : null,
      c.refused.length > 0,
      c.tooLarge.length > 0,
      c.currentKey !== null,
    ];
  },
};
