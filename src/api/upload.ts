import { http } from './client';
import { UploadedFileSchema } from './schemas/upload';

export const uploadKnowledgeFile = (file: File, signal?: AbortSignal) =>
  http.upload('/upload/file-to-knowledge', UploadedFileSchema, { file }, { signal });
