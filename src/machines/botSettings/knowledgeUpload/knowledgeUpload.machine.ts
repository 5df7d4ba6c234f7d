import type { MessageDescriptor } from '@lingui/core';
import { type AnyEventObject, assign, fromCallback, sendParent, setup } from 'xstate';
import { isApiError } from '../../../api/errors';
import type { UploadProgress } from '../../../api/form';
import { KNOWLEDGE_FILE_EXTENSIONS, type UploadedFile } from '../../../api/schemas/upload';
import { uploadKnowledgeFile } from '../../../api/upload';
import { describeError } from '../../errors';
import { KNOWLEDGE_FILE_MAX_BYTES } from './limits';

/** A file waiting for its turn or being sent, or one whose upload failed (it stays listed, with a retry). */
export interface UploadItem {
  key: string;
  file: File;
  name: string;
  size: number;
  status: 'queued' | 'failed';
  error: MessageDescriptor | string | null;
  /** A failed upload that a retry may fix (no answer, or the server failed); a refusal is final. */
  retryable: boolean;
  /** How much of the file has gone out, once the browser has said (null before, and while waiting). */
  progress: UploadProgress | null;
}

export interface KnowledgeUploadContext {
  items: UploadItem[];
  /** The item being uploaded now (in the uploading state). */
  currentKey: string | null;
  /** Names of the files of the last drop or selection that are not an accepted type. */
  refused: string[];
  /** Names of the files of the last drop or selection larger than KNOWLEDGE_FILE_MAX_BYTES (none is sent). */
  tooLarge: string[];
  nextKey: number;
}

export type KnowledgeUploadEvent =
  | { type: 'files.added'; files: File[] }
  | { type: 'upload.retried'; key: string }
  /** Cancel: a waiting file leaves the queue; the file being sent stops at once and leaves the list. */
  | { type: 'upload.cancelled'; key: string }
  /** Remove a failed file from the list. */
  | { type: 'upload.removed'; key: string }
  | { type: 'uploads.cleared' }
  | { type: 'refused.dismissed' }
  | UploadFileEvent;

/** What the upload of one file tells the queue. */
export type UploadFileEvent =
  | ({ type: 'upload.progressed' } & UploadProgress)
  | { type: 'upload.succeeded'; file: UploadedFile }
  | { type: 'upload.failed'; error: unknown };

/** What the parent (the bot editor) hears for every file that uploaded. */
export interface KnowledgeUploadedEvent {
  type: 'knowledge.uploaded';
  file: UploadedFile;
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** Only PDF, DOC, DOCX and TXT files are knowledge (spec section 5), judged by the name's extension. */
export const isAcceptedKnowledgeFile = (name: string) =>
  (KNOWLEDGE_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/** Within the size limit: a bigger file is refused before any byte of it is sent. */
export const isWithinSizeLimit = (file: Pick<File, 'size'>) => file.size <= KNOWLEDGE_FILE_MAX_BYTES;

/**
 * Whether trying the same upload again can succeed: when no answer came (network) or the server failed (5xx),
 * or asked to wait (408, 429). A refusal of the file itself (400, 413 too large, 415 wrong type, a plan's
 * limit) or an answer of the wrong shape gives the same result again. An unknown failure may pass.
 */
export function retryCanFix(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.kind === 'network') return true;
  if (error.kind !== 'http' || error.status === null) return false;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

const current = (context: KnowledgeUploadContext) =>
  context.items.find((item) => item.key === context.currentKey);

const itemOf = (context: KnowledgeUploadContext, event: KnowledgeUploadEvent) =>
  'key' in event ? context.items.find((item) => item.key === event.key) : undefined;

/**
 * The upload of one file by `upload` (the API's, or a test's): it tells the queue how far it got, then how it
 * ended. Stopping it (a cancel, a cleared queue, the editor leaving) aborts the request, and an aborted upload
 * tells nothing more.
 */
export const uploadFileWith = (upload: typeof uploadKnowledgeFile) =>
  fromCallback<AnyEventObject, { file: File }, UploadFileEvent>(({ input, sendBack }) => {
    const controller = new AbortController();
    upload(input.file, {
      signal: controller.signal,
      onProgress: (progress) => sendBack({ type: 'upload.progressed', ...progress }),
    }).then(
      (file) => sendBack({ type: 'upload.succeeded', file }),
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error });
      },
    );
    return () => controller.abort();
  });

/**
 * Uploads knowledge files one after another (spec section 7), each with its progress in bytes. Refused types
 * and files over the size limit never enter the queue (nothing of them is sent); a failed upload stays in the
 * list with its message until removed, or retried when a retry can fix it (retryCanFix).
 * Cancelling a waiting file takes it out of the queue; cancelling the file being sent aborts its request,
 * drops it from the list (the parent never hears of it) and goes on with the next.
 */
export const knowledgeUploadMachine = setup({
  types: { context: {} as KnowledgeUploadContext, events: {} as KnowledgeUploadEvent },
  actors: {
    uploadFile: uploadFileWith(uploadKnowledgeFile),
  },
  guards: {
    hasQueued: ({ context }) => context.items.some((item) => item.status === 'queued'),
    isCurrent: ({ context, event }) => 'key' in event && event.key === context.currentKey,
    canRetry: ({ context, event }) => {
      const item = itemOf(context, event);
      return item?.status === 'failed' && item.retryable;
    },
    canRemove: ({ context, event }) => itemOf(context, event)?.status === 'failed',
    canCancel: ({ context, event }) => itemOf(context, event)?.status === 'queued',
    hasRefused: ({ context }) => context.refused.length + context.tooLarge.length > 0,
  },
  actions: {
    addFiles: assign(({ context, event }) => {
      if (event.type !== 'files.added') return {};
      const typed = event.files.filter((file) => isAcceptedKnowledgeFile(file.name));
      const accepted = typed.filter(isWithinSizeLimit);
      const items = accepted.map<UploadItem>((file, i) => ({
        key: `upload-${context.nextKey + i}`,
        file,
        name: file.name,
        size: file.size,
        status: 'queued',
        error: null,
        retryable: false,
        progress: null,
      }));
      return {
        items: [...context.items, ...items],
        refused: event.files.filter((file) => !isAcceptedKnowledgeFile(file.name)).map((f) => f.name),
        tooLarge: typed.filter((file) => !isWithinSizeLimit(file)).map((f) => f.name),
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
            ? { ...item, status: 'queued' as const, error: null, retryable: false, progress: null }
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
    recordProgress: assign({
      items: ({ context }, params: UploadProgress) =>
        context.items.map((item) =>
          item.key === context.currentKey
            ? { ...item, progress: { loaded: params.loaded, total: params.total } }
            : item,
        ),
    }),
    failCurrent: assign({
      items: ({ context }, params: { error: unknown }) =>
        context.items.map((item) =>
          item.key === context.currentKey
            ? {
                ...item,
                status: 'failed' as const,
                error: describeError(params.error),
                retryable: retryCanFix(params.error),
                progress: null,
              }
            : item,
        ),
      currentKey: null,
    }),
    clearAll: assign({ items: [], currentKey: null, refused: [], tooLarge: [] }),
    dismissRefused: assign({ refused: [], tooLarge: [] }),
    /** Tells the parent; replaced in tests that run this machine alone. */
    reportUploaded: sendParent((_, params: { file: UploadedFile }) => ({
      type: 'knowledge.uploaded',
      file: params.file,
    })),
  },
}).createMachine({
  id: 'knowledgeUpload',
  context: { items: [], currentKey: null, refused: [], tooLarge: [], nextKey: 1 },
  initial: 'idle',
  on: {
    'files.added': { actions: 'addFiles' },
    'upload.retried': { guard: 'canRetry', actions: 'retry' },
    'upload.removed': { guard: 'canRemove', actions: 'remove' },
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
      },
      on: {
        'upload.progressed': {
          actions: {
            type: 'recordProgress',
            params: ({ event }) => ({ loaded: event.loaded, total: event.total }),
          },
        },
        'upload.succeeded': {
          target: 'idle',
          actions: [{ type: 'reportUploaded', params: ({ event }) => ({ file: event.file }) }, 'dropCurrent'],
        },
        'upload.failed': {
          target: 'idle',
          actions: { type: 'failCurrent', params: ({ event }) => ({ error: event.error }) },
        },
        // Cancelling the file being sent leaves the state, which stops its upload (the request is aborted);
        // dropCurrent also forgets its key, so idle never points at a file that is gone.
        'upload.cancelled': [
          { guard: 'isCurrent', target: 'idle', actions: 'dropCurrent' },
          { guard: 'canCancel', actions: 'remove' },
        ],
      },
    },
  },
});
