import type { MessageDescriptor } from '@lingui/core';
import { assign, sendParent, setup } from 'xstate';
import { KNOWLEDGE_FILE_EXTENSIONS, type UploadedFile } from '../../api/schemas/upload';
import { uploadKnowledgeFile } from '../../api/upload';
import { describeError } from '../errors';
import { fromRequest } from '../request';

/** A file waiting for its turn, or one whose upload failed (it stays listed, with a retry). */
export interface UploadItem {
  key: string;
  file: File;
  name: string;
  size: number;
  status: 'queued' | 'failed';
  error: MessageDescriptor | string | null;
}

export interface KnowledgeUploadContext {
  items: UploadItem[];
  /** The item being uploaded now (in the uploading state). */
  currentKey: string | null;
  /** Names of the files of the last drop or selection that are not an accepted type. */
  refused: string[];
  nextKey: number;
}

export type KnowledgeUploadEvent =
  | { type: 'files.added'; files: File[] }
  | { type: 'upload.retried'; key: string }
  | { type: 'upload.removed'; key: string }
  | { type: 'uploads.cleared' }
  | { type: 'refused.dismissed' };

/** What the parent (the bot editor) hears for every file that uploaded. */
export interface KnowledgeUploadedEvent {
  type: 'knowledge.uploaded';
  file: UploadedFile;
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** Only PDF, DOC, DOCX and TXT files are knowledge (spec section 5), judged by the name's extension. */
export const isAcceptedKnowledgeFile = (name: string) =>
  (KNOWLEDGE_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name));

const current = (context: KnowledgeUploadContext) =>
  context.items.find((item) => item.key === context.currentKey);

/**
 * Uploads knowledge files one after another (spec section 7). Refused types never enter the queue; a failed
 * upload stays in the list with its message until retried or removed. Removing the file being uploaded
 * cancels its request.
 */
export const knowledgeUploadMachine = setup({
  types: { context: {} as KnowledgeUploadContext, events: {} as KnowledgeUploadEvent },
  actors: {
    uploadFile: fromRequest<UploadedFile, { file: File }>(({ input, signal }) =>
      uploadKnowledgeFile(input.file, signal),
    ),
  },
  guards: {
    hasQueued: ({ context }) => context.items.some((item) => item.status === 'queued'),
    isCurrent: ({ context, event }) => 'key' in event && event.key === context.currentKey,
    canRetry: ({ context, event }) =>
      'key' in event && context.items.some((item) => item.key === event.key && item.status === 'failed'),
    hasRefused: ({ context }) => context.refused.length > 0,
  },
  actions: {
    addFiles: assign(({ context, event }) => {
      if (event.type !== 'files.added') return {};
      const accepted = event.files.filter((file) => isAcceptedKnowledgeFile(file.name));
      const items = accepted.map<UploadItem>((file, i) => ({
        key: `upload-${context.nextKey + i}`,
        file,
        name: file.name,
        size: file.size,
        status: 'queued',
        error: null,
      }));
      return {
        items: [...context.items, ...items],
        refused: event.files.filter((file) => !isAcceptedKnowledgeFile(file.name)).map((f) => f.name),
        nextKey: context.nextKey + items.length,
      };
    }),
    pickNext: assign({
      currentKey: ({ context }) => context.items.find((item) => item.status === 'queued')?.key ?? null,
    }),
    retry: assign({
      items: ({ context, event }) =>
        context.items.map((item) =>
          'key' in event && item.key === event.key
            ? { ...item, status: 'queued' as const, error: null }
            : item,
        ),
    }),
    remove: assign({
      items: ({ context, event }) =>
        context.items.filter((item) => !('key' in event) || item.key !== event.key),
    }),
    dropCurrent: assign({
      items: ({ context }) => context.items.filter((item) => item.key !== context.currentKey),
      currentKey: null,
    }),
    failCurrent: assign({
      items: ({ context }, params: { error: unknown }) =>
        context.items.map((item) =>
          item.key === context.currentKey
            ? { ...item, status: 'failed' as const, error: describeError(params.error) }
            : item,
        ),
      currentKey: null,
    }),
    clearAll: assign({ items: [], currentKey: null, refused: [] }),
    dismissRefused: assign({ refused: [] }),
    /** Tells the parent; replaced in tests that run this machine alone. */
    reportUploaded: sendParent((_, params: { file: UploadedFile }) => ({
      type: 'knowledge.uploaded',
      file: params.file,
    })),
  },
}).createMachine({
  id: 'knowledgeUpload',
  context: { items: [], currentKey: null, refused: [], nextKey: 1 },
  initial: 'idle',
  on: {
    'files.added': { actions: 'addFiles' },
    'upload.retried': { guard: 'canRetry', actions: 'retry' },
    'upload.removed': { actions: 'remove' },
    'uploads.cleared': { target: '.idle', actions: 'clearAll' },
    'refused.dismissed': { guard: 'hasRefused', actions: 'dismissRefused' },
  },
  states: {
    idle: {
      always: { guard: 'hasQueued', target: 'uploading' },
    },
    uploading: {
      tags: ['busy'],
      entry: 'pickNext',
      invoke: {
        id: 'upload',
        src: 'uploadFile',
        input: ({ context }) => ({ file: current(context)?.file as File }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'reportUploaded', params: ({ event }) => ({ file: event.output }) },
            'dropCurrent',
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'failCurrent', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // Removing the file being uploaded leaves the state, which cancels its request; dropCurrent also
        // forgets its key, so idle never points at a file that is gone.
        'upload.removed': [
          { guard: 'isCurrent', target: 'idle', actions: 'dropCurrent' },
          { actions: 'remove' },
        ],
      },
    },
  },
});
