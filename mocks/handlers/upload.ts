import { HttpResponse } from 'msw';
import { KNOWLEDGE_FILE_EXTENSIONS, type UploadedFile } from '../../src/api/schemas/upload';
import { givenKnowledgeFile } from '../fixtures';
import { authedRoute, fail } from './common';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

export const uploadHandlers = [
  authedRoute('post', '/upload/file-to-knowledge', async ({ request, user }) => {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw fail.validation('file: expected a multipart/form-data body');
    }
    const file = form.get('file');
    if (!(file instanceof Blob)) throw fail.validation('file: a file is required');
    const name = 'name' in file && typeof file.name === 'string' && file.name ? file.name : 'upload';
    if (!(KNOWLEDGE_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name))) {
      throw fail.validation(`file: ${name} is not accepted; upload PDF, DOC, DOCX or TXT files`);
    }
    if (file.size === 0) throw fail.validation(`file: ${name} is empty`);
    if (file.size > MAX_UPLOAD_BYTES) throw fail.validation(`file: ${name} is larger than 20 MB`);
    const stored = await givenKnowledgeFile(user.id, { name, size: file.size });
    const { ownerId: _ownerId, ...answer } = stored;
    return HttpResponse.json<UploadedFile>(answer);
  }),
];
