import { postForm, type UploadProgress } from './form';
import { UploadedFileSchema } from './schemas/upload';

export interface KnowledgeUploadOptions {
  signal?: AbortSignal;
  /** How much of the file has gone out, in the file's own bytes (what its size in the list says). */
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * Uploads one knowledge file (multipart field `file`). The request body is the file plus a few hundred bytes
 * of multipart framing; progress is told in the file's bytes, in proportion, so "of" is the file's size.
 */
export const uploadKnowledgeFile = (file: File, { signal, onProgress }: KnowledgeUploadOptions = {}) =>
  postForm(
    '/upload/file-to-knowledge',
    UploadedFileSchema,
    { file },
    {
      signal,
      onProgress:
        onProgress &&
        (({ loaded, total }) =>
          onProgress({
            loaded: total > 0 ? Math.min(file.size, Math.round((file.size * loaded) / total)) : 0,
            total: file.size,
          })),
    },
  );
