import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SYSTEM_IDS } from '../system';
import { appMachine } from './app.machine';

function start() {
  const done = {
    navigate: vi.fn(),
    open: vi.fn(),
    reload: vi.fn(),
    updateQuery: vi.fn(),
  };
  const app = createActor(
    appMachine.provide({
      actions: {
        navigate: (_, params) => done.navigate(params),
        open: (_, params) => done.open(params),
        reload: () => done.reload(),
        updateQuery: (_, params) => done.updateQuery(params),
      },
    }),
    { input: { user: null }, systemId: SYSTEM_IDS.app },
  ).start();
  return { app, done };
}

describe('the app root', () => {
  it('runs the session (with the stored user) and the toast queue, each found by its systemId', () => {
    const { app } = start();
    const session = app.system.get(SYSTEM_IDS.session);
    expect(session).toBe(app.getSnapshot().children.session);
    expect(session?.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(app.system.get(SYSTEM_IDS.toasts)).toBe(app.getSnapshot().children.toasts);
    expect(app.system.get(SYSTEM_IDS.app)).toBe(app);
  });

  it('carries out what a flow asks: each request to its own browser action, with its values', () => {
    const { app, done } = start();
    app.send({ type: 'app.navigate', to: '/dashboard' });
    app.send({ type: 'app.navigate', to: '/chat-history', replace: true });
    app.send({ type: 'app.open', url: 'https://pay.example/checkout' });
    app.send({ type: 'app.updateQuery', set: { session_id: null } });
    expect(done.navigate.mock.calls).toEqual([
      [{ to: '/dashboard', replace: false }],
      [{ to: '/chat-history', replace: true }],
    ]);
    expect(done.open).toHaveBeenCalledExactlyOnceWith({ url: 'https://pay.example/checkout' });
    expect(done.updateQuery).toHaveBeenCalledExactlyOnceWith({ set: { session_id: null } });
    expect(done.reload).not.toHaveBeenCalled();
    app.send({ type: 'app.reload' });
    expect(done.reload).toHaveBeenCalledTimes(1);
  });
});
