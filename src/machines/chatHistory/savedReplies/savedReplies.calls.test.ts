// @vitest-environment jsdom
// Testing Library's waitFor needs a document, also under the mutation config (which runs in Node).
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { resetAndSeed } from '../../../../mocks/node';
import { DEMO_OWNER, DEMO_SAVED_REPLIES } from '../../../../mocks/seed';
import { withMockServer } from '../../../../mocks/testing';
import { writeUserInfo } from '../../../api/storage';
import { savedRepliesMachine } from './savedReplies.machine';

withMockServer();
beforeEach(async () => {
  await resetAndSeed();
  const { id, token, email } = DEMO_OWNER;
  writeUserInfo({ accessToken: token, id, userId: id, email });
});

const idle = (actor: ReturnType<typeof start>) =>
  waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
const start = () => createActor(savedRepliesMachine).start();

describe('saved replies against the mock backend', () => {
  it('lists the team’s replies, adds one trimmed, changes one and deletes one, each by its own call', async () => {
    const actor = start();
    await idle(actor);
    expect(actor.getSnapshot().context.replies.map((r) => r.shortcut)).toEqual(
      DEMO_SAVED_REPLIES.map((r) => r.shortcut),
    );
    actor.send({ type: 'reply.new' });
    actor.send({ type: 'editor.changed', patch: { shortcut: ' eta ', text: ' It arrives within 2 days. ' } });
    actor.send({ type: 'editor.save' });
    await waitFor(() => expect(actor.getSnapshot().context.replies).toHaveLength(5));
    const added = actor.getSnapshot().context.replies.at(-1);
    expect(added).toMatchObject({ shortcut: 'eta', text: 'It arrives within 2 days.' });

    actor.send({ type: 'reply.edit', id: added?.id ?? '' });
    actor.send({ type: 'editor.changed', patch: { text: 'Two days at most.' } });
    actor.send({ type: 'editor.save' });
    await waitFor(() => expect(actor.getSnapshot().context.replies.at(-1)?.text).toBe('Two days at most.'));
    expect(actor.getSnapshot().context.replies).toHaveLength(5);

    actor.send({ type: 'reply.delete', id: added?.id ?? '' });
    await waitFor(() => expect(actor.getSnapshot().context.replies).toHaveLength(4));
    // Read again: the server has what the list shows.
    const again = start();
    await idle(again);
    expect(again.getSnapshot().context.replies.map((r) => r.shortcut)).toEqual(
      DEMO_SAVED_REPLIES.map((r) => r.shortcut),
    );
    actor.stop();
    again.stop();
  });

  it('says what the server refused and keeps the editor as typed', async () => {
    const actor = start();
    await idle(actor);
    actor.send({ type: 'reply.new' });
    actor.send({ type: 'editor.changed', patch: { shortcut: 'THANKS', text: 'Cheers!' } });
    actor.send({ type: 'editor.save' });
    await waitFor(() =>
      expect(actor.getSnapshot().context.error).toBe('Another saved reply has this shortcut'),
    );
    expect(actor.getSnapshot().context.editing).toEqual({ id: null, shortcut: 'THANKS', text: 'Cheers!' });
    actor.stop();
  });
});
