import { act, render, screen } from '@testing-library/react';
import { lazy, StrictMode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, setup } from 'xstate';
import { settle } from '../../tests/appSystem';
import { SYSTEM_IDS } from '../machines/system';
import { useAppActor, useFlow } from '../machines/useFlow';
import { AppState } from './providers';

const started = vi.fn();
const counter = setup({
  types: { input: {} as { name: string }, context: {} as { name: string } },
}).createMachine({
  id: 'counter',
  context: ({ input }) => ({ name: input.name }),
  entry: ({ context }) => started(context.name),
});

const seen: { app?: AnyActorRef; flows: AnyActorRef[] } = { flows: [] };

function Screen({ name }: { name: string }) {
  seen.app = useAppActor();
  const flow = useFlow('counter', counter, { input: { name } });
  if (!seen.flows.includes(flow)) seen.flows.push(flow);
  return <p>{flow.getSnapshot().context.name}</p>;
}

/** A lazy part of a screen that loads when the test says (`holdPart` returns how to let it load). */
let partLoaded: Promise<void> = Promise.resolve();
function holdPart(): () => void {
  let release = () => {};
  partLoaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  return release;
}
const Part = lazy(() => partLoaded.then(() => ({ default: () => <p>part</p> })));

function SuspendingScreen() {
  const flow = useFlow('counter', counter, { input: { name: 'lazy' } });
  seen.app = useAppActor();
  if (!seen.flows.includes(flow)) seen.flows.push(flow);
  return <Part />;
}

const running = () =>
  ((seen.app?.getSnapshot().children ?? {}) as Record<string, AnyActorRef | undefined>).counter;

function reset() {
  started.mockClear();
  seen.app = undefined;
  seen.flows = [];
}

/** The app with one screen, under StrictMode as in production (its double render and its remount check). */
function renderStrict() {
  reset();
  return render(
    <StrictMode>
      <AppState>
        <Screen name="first" />
      </AppState>
    </StrictMode>,
  );
}

describe("the app actor and the screens' flows", () => {
  it('starts one app and one flow per screen under StrictMode, the flow a child of the running app', async () => {
    const view = renderStrict();
    expect(view.getByText('first')).toBeTruthy();
    expect(started.mock.calls).toEqual([['first']]);
    expect(seen.flows).toHaveLength(1);
    expect(running()).toBe(seen.flows[0]);
    expect(seen.flows[0]?.system.get(SYSTEM_IDS.toasts)).toBe(seen.app?.system.get(SYSTEM_IDS.toasts));
    // StrictMode's unmount-and-mount check stopped neither.
    await settle();
    expect(seen.app?.getSnapshot().status).toBe('active');
    expect(seen.flows[0]?.getSnapshot().status).toBe('active');
    expect(running()).toBe(seen.flows[0]);
    view.unmount();
  });

  it('stops the app and its flows when the app goes (a microtask later)', async () => {
    const view = renderStrict();
    const [flow] = seen.flows;
    view.unmount();
    await settle();
    expect(seen.app?.getSnapshot().status).toBe('stopped');
    expect(flow?.getSnapshot().status).toBe('stopped');
  });

  it('stops a screen’s flow when the screen goes, and starts a new one for a screen in its place', async () => {
    reset();
    const view = render(
      <AppState>
        <Screen key="a" name="a" />
      </AppState>,
    );
    const [a] = seen.flows;
    view.rerender(
      <AppState>
        <Screen key="b" name="b" />
      </AppState>,
    );
    await settle();
    const [, b] = seen.flows;
    expect(started.mock.calls).toEqual([['a'], ['b']]);
    expect(a?.getSnapshot().status).toBe('stopped');
    expect(b?.getSnapshot().status).toBe('active');
    expect(running()).toBe(b);
    // The same screen again, with the same input: a fresh flow, which the one going does not take down.
    view.rerender(
      <AppState>
        <Screen key="b-again" name="b" />
      </AppState>,
    );
    await settle();
    const again = seen.flows[2];
    expect(started.mock.calls).toEqual([['a'], ['b'], ['b']]);
    expect(b?.getSnapshot().status).toBe('stopped');
    expect(again?.getSnapshot().status).toBe('active');
    expect(running()).toBe(again);
    view.rerender(<AppState>{null}</AppState>);
    await settle();
    expect(again?.getSnapshot().status).toBe('stopped');
    expect(running()).toBeUndefined();
    expect(seen.app?.getSnapshot().status).toBe('active');
    view.unmount();
  });

  it('starts a flow once when the screen’s first render is thrown away (a lazy part below it suspends)', async () => {
    reset();
    const release = holdPart();
    const view = render(
      <AppState>
        <Suspense fallback={<p>waiting</p>}>
          <SuspendingScreen />
        </Suspense>
      </AppState>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByText('part')).toBeTruthy();
    expect(started.mock.calls).toEqual([['lazy']]);
    expect(seen.flows).toHaveLength(1);
    expect(running()).toBe(seen.flows[0]);
    view.unmount();
  });
});
