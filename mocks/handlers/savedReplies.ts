import { HttpResponse } from 'msw';
import type { Ok } from '../../src/api/schemas/common';
import {
  MAX_SAVED_REPLIES,
  type SavedReply,
  type SavedReplyBody,
  SavedReplyBodySchema,
} from '../../src/api/schemas/savedReplies';
import { isoNow } from '../clock';
import { db, newId, notifyDbChanged, type UserRecord } from '../db';
import { authedRoute, errorResponse, owned, readBody } from './common';

/*
 * The team's saved replies (beyond the spec), oldest first:
 *   GET    /saved-replies        -> SavedReply[]
 *   POST   /saved-replies        -> 201 SavedReply (409 SAVED_REPLIES_FULL at MAX_SAVED_REPLIES, 409
 *                                   SHORTCUT_TAKEN for a shortcut already used, in any case)
 *   PUT    /saved-replies/{id}   -> SavedReply (the same 409 for a shortcut another reply has)
 *   DELETE /saved-replies/{id}   -> { success: true }
 */

const toReply = ({ id, shortcut, text }: { id: string; shortcut: string; text: string }): SavedReply => ({
  id,
  shortcut,
  text,
});

const repliesOf = (ownerId: string) =>
  db.savedReplies
    .findMany((q) => q.where((r) => r.ownerId === ownerId))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));

const ownReply = (id: string, user: UserRecord) =>
  owned(
    db.savedReplies.findFirst((q) => q.where((r) => r.id === id)),
    user,
    'Saved reply',
  );

const taken = (ownerId: string, shortcut: string, except?: string) =>
  repliesOf(ownerId).some((r) => r.id !== except && r.shortcut.toLowerCase() === shortcut.toLowerCase());

const shortcutTaken = () =>
  errorResponse(409, 'Another saved reply has this shortcut', { code: 'SHORTCUT_TAKEN' });

/** For tests and the demo's seed: a saved reply of the user. */
export async function givenSavedReply(ownerId: string, body: SavedReplyBody, id = newId('reply')) {
  const record = await db.savedReplies.create({ id, ownerId, ...body, createdAt: isoNow() });
  notifyDbChanged();
  return toReply(record);
}

export const savedReplyHandlers = [
  authedRoute('get', '/saved-replies', ({ user }) => HttpResponse.json(repliesOf(user.id).map(toReply))),

  authedRoute('post', '/saved-replies', async ({ request, user }) => {
    const body = await readBody(request, SavedReplyBodySchema);
    if (repliesOf(user.id).length >= MAX_SAVED_REPLIES) {
      return errorResponse(409, `Keep at most ${MAX_SAVED_REPLIES} saved replies`, {
        code: 'SAVED_REPLIES_FULL',
      });
    }
    if (taken(user.id, body.shortcut)) return shortcutTaken();
    return HttpResponse.json(await givenSavedReply(user.id, body), { status: 201 });
  }),

  authedRoute('put', '/saved-replies/:id', async ({ request, params, user }) => {
    const record = ownReply(params.id ?? '', user);
    const body = await readBody(request, SavedReplyBodySchema);
    if (taken(user.id, body.shortcut, record.id)) return shortcutTaken();
    const updated = await db.savedReplies.update(record, {
      data(r) {
        r.shortcut = body.shortcut;
        r.text = body.text;
      },
    });
    notifyDbChanged();
    return HttpResponse.json(toReply(updated ?? { ...record, ...body }));
  }),

  authedRoute('delete', '/saved-replies/:id', async ({ params, user }) => {
    const record = ownReply(params.id ?? '', user);
    await db.savedReplies.delete(record);
    notifyDbChanged();
    return HttpResponse.json({ success: true } satisfies Ok);
  }),
];
