import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common';

export const KNOWLEDGE_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt'] as const;

/**
 * The client-side knowledge file, as the upload answers it: spec section 3's fields are required, fields the
 * client does not know pass through.
 */
export const UploadedFileSchema = z.looseObject({
  name: z.string(),
  size: z.int().check(z.nonnegative()),
  date: DateTimeSchema,
  knowledgeFileId: IdSchema,
  url: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;
