// @vitest-environment jsdom
// Testing Library's waitFor needs a document, also under the mutation config (which runs in Node).
import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { givenChatSession } from '../../../../mocks/fixtures';
import { resetAndSeed, server } from '../../../../mocks/node';
import { DEMO_OWNER } from '../../../../mocks/seed';
import { withMockServer } from '../../../../mocks/testing';
import { writeUserInfo } from '../../../api/storage';
import { waitingCountMachine } from './waitingCount.machine';

withMockServer();
beforeEach(async () => {
  await resetAndSeed();
  const { id, token, email } = DEMO_OWNER;
  writeUserInfo({ accessToken: token, id, userId: id, email });
});

describe('the waiting count against the mock backend', () => {
  it('reads how many of the user’s conversations wait for a person', async () => {
    await givenChatSession(DEMO_OWNER.id, {
      id: 'sess-waits',
      handling: { by: 'waiting', reason: 'noAnswer', since: '2026-11-19T10:00:00.000Z' },
    });
    const actor = createActor(waitingCountMachine).start();
    await waitFor(() => expect(actor.getSnapshot().context.count).toBe(1));
    actor.stop();
  });

  it('on a server without the call, is not offered', async () => {
    server.use(
      http.get('*/api/v1/chat-session/waiting/count', () => new HttpResponse(null, { status: 404 })),
    );
    const actor = createActor(waitingCountMachine).start();
    await waitFor(() => expect(actor.getSnapshot().hasTag('notOffered')).toBe(true));
    expect(actor.getSnapshot().context.count).toBeNull();
    actor.stop();
  });
});
