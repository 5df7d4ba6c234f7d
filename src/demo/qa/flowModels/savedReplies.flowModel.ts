import type { SavedReply } from '../../../api/schemas/savedReplies';
import {
  editorProblem,
  type SavedRepliesContext,
  savedRepliesMachine,
} from '../../../machines/chatHistory/savedReplies/savedReplies.machine';
import { type FlowModel, failingOrNotOffered } from '../../../machines/model';

export const thanksReply: SavedReply = {
  id: 'reply-demo-1',
  shortcut: 'thanks',
  text: 'Thank you for your patience! Is there anything else I can help you with?',
};

export const savedRepliesModel: FlowModel = {
  id: 'savedReplies',
  machine: savedRepliesMachine,
  events: [
    { type: 'reply.new' },
    { type: 'reply.edit', id: thanksReply.id },
    { type: 'editor.changed', patch: { shortcut: 'eta', text: 'It arrives within 2 days.' } },
    { type: 'editor.changed', patch: { shortcut: 'two words' } },
    { type: 'editor.cancel' },
    { type: 'editor.save' },
    { type: 'reply.delete', id: thanksReply.id },
    { type: 'retry' },
  ],
  outputs: { list: [thanksReply], save: { ...thanksReply, shortcut: 'eta' }, remove: { success: true } },
  errors: {
    list: failingOrNotOffered('list'),
    save: failingOrNotOffered('save'),
    remove: failingOrNotOffered('remove'),
  },
  // What the list and its editor show: replies there or not, an editor open and whether it can be saved, a
  // problem or failure said.
  serialize: ({ context: c }: { context: SavedRepliesContext }) => [
    c.replies.length,
    c.editing === null ? null : editorProblem(c.editing) === null,
    c.editing?.id ?? null,
    c.error !== null,
  ],
};
