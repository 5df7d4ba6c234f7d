import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, assign, createActor, fromPromise, setup } from 'xstate';
import { settle } from '../../../tests/appSystem';
import { raiseToast, SYSTEM_IDS } from '../system';
import { appMachine } from './app.machine';

function start() {
  const done = {
    navigate: vi.fn(),
    open: vi.fn(),
    reload: vi.fn(),
    print: vi.fn(),
    updateQuery: vi.fn(),
  };
  const app = createActor(
    appMachine.provide({
      actions: {
        navigate: (_, params) => done.navigate(params),
        open: (_, params) => done.open(params),
        reload: () => done.reload(),
        print: () => done.print(),
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
    expect(done.print).not.toHaveBeenCalled();
    app.send({ type: 'app.print' });
    expect(done.print).toHaveBeenCalledTimes(1);
  });

  describe("a screen's flow", () => {
    const screen = setup({
      types: { input: {} as { name: string }, context: {} as { name: string; seen: number } },
    }).createMachine({
      id: 'screen',
      context: ({ input }) => ({ name: input.name, seen: 0 }),
      on: { see: { actions: assign({ seen: ({ context }) => context.seen + 1 }) } },
    });
    const flowOf = (app: ReturnType<typeof start>['app']) =>
      (app.getSnapshot().children as Record<string, AnyActorRef | undefined>).screen;

    it("runs as the app's child under its machine's id, with its input, in the app's system", () => {
      const { app } = start();
      app.send({ type: 'flow.start', id: 'screen', logic: screen, input: { name: 'first' } });
      const flow = flowOf(app);
      expect(flow?.getSnapshot().context).toEqual({ name: 'first', seen: 0 });
      expect(flow?.system).toBe(app.system);
      flow?.send({ type: 'see' });
      expect(flow?.getSnapshot().context.seen).toBe(1);
    });

    it('reaches the toast queue by systemId, as any flow of the app', () => {
      const { app } = start();
      const toasting = setup({}).createMachine({
        id: 'toasting',
        entry: raiseToast({ kind: 'success', message: 'Saved' } as never),
      });
      app.send({ type: 'flow.start', id: 'toasting', logic: toasting });
      expect(app.getSnapshot().children.toasts?.getSnapshot().context.toasts).toHaveLength(1);
    });

    it("replaces one of the same id that a screen on its way out still holds; that screen's stop then stops nothing", () => {
      const { app } = start();
      app.send({ type: 'flow.start', id: 'screen', logic: screen, input: { name: 'old' } });
      const old = flowOf(app) as AnyActorRef;
      app.send({ type: 'flow.start', id: 'screen', logic: screen, input: { name: 'new' } });
      const current = flowOf(app) as AnyActorRef;
      expect(current).not.toBe(old);
      expect(old.getSnapshot().status).toBe('stopped');
      app.send({ type: 'flow.stop', actor: old });
      expect(flowOf(app)).toBe(current);
      expect(current.getSnapshot().status).toBe('active');
      app.send({ type: 'flow.stop', actor: current });
      expect(flowOf(app)).toBeUndefined();
      expect(current.getSnapshot().status).toBe('stopped');
    });

    it('stops with the app', () => {
      const { app } = start();
      app.send({ type: 'flow.start', id: 'screen', logic: screen, input: { name: 'first' } });
      const flow = flowOf(app) as AnyActorRef;
      app.stop();
      expect(flow.getSnapshot().status).toBe('stopped');
    });

    it('fails alone: the app, the session and the toasts go on', async () => {
      const { app } = start();
      const failing = setup({
        actors: { call: fromPromise(async () => Promise.reject(new Error('boom'))) },
      }).createMachine({ id: 'failing', invoke: { src: 'call' } });
      app.send({ type: 'flow.start', id: 'failing', logic: failing });
      const flow = (app.getSnapshot().children as Record<string, AnyActorRef>).failing as AnyActorRef;
      await settle();
      expect(flow.getSnapshot().status).toBe('error');
      expect(app.getSnapshot().status).toBe('active');
      expect(app.system.get(SYSTEM_IDS.session)?.getSnapshot().status).toBe('active');
      app.send({ type: 'flow.start', id: 'screen', logic: screen, input: { name: 'next' } });
      expect(flowOf(app)?.getSnapshot().status).toBe('active');
    });
  });
});
