import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common';

export const KNOWLEDGE_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt'] as const;

/** The client-side knowledge file, as the upload answers it. */
export const UploadedFileSchema = z.object({
  name: z.string(),
  size: z.int().check(z.nonnegative()),
  date: DateTimeSchema,
  knowledgeFileId: IdSchema,
  url: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;
