import { describe, expect, it } from 'vitest';
import {
  type AnyActorRef,
  assign,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type SnapshotFrom,
  setup,
} from 'xstate';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import type { PromptOptimization } from '../../../api/schemas/promptOptimization';
import {
  promptOptimizerModel,
  streamDropped,
  streamErrorLine,
} from '../../../demo/qa/flowModels/promptOptimizer.flowModel';
import {
  promptOptimizerMessages as m,
  OPTIMIZE_STREAM_SILENCE_MS,
  type PromptOptimisedEvent,
  type PromptOptimizerEvent,
  promptOptimizerMachine,
} from './promptOptimizer.machine';

const PROMPT = 'You are the assistant of [Company Name]. Be kind.';

/** The calls the optimiser made, each settled (or streamed into) by the test. */
function fakeServer() {
  const creates: {
    prompt: string;
    signal: AbortSignal;
    resolve: (o: PromptOptimization) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const streams: { id: string; send: (e: PromptOptimizerEvent) => void; aborted: boolean }[] = [];
  const logic = promptOptimizerMachine.provide({
    actors: {
      createOptimization: fromPromise<PromptOptimization, { prompt: string }>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => creates.push({ prompt: input.prompt, signal, resolve, reject })),
      ),
      streamOptimization: fromCallback<EventObject, { id: string }>(({ input, sendBack }) => {
        // The events the real stream actor sends back, typed as the machine's.
        const stream = { id: input.id, send: sendBack as (e: PromptOptimizerEvent) => void, aborted: false };
        streams.push(stream);
        return () => {
          stream.aborted = true;
        };
      }),
    },
  });
  return { logic, creates, streams };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The optimiser as the bot editor runs it: a child whose `prompt.optimised` the parent records. */
function inEditor(logic: typeof promptOptimizerMachine, clock?: SimulatedClock) {
  const parent = setup({
    types: { context: {} as { applied: string[] }, events: {} as PromptOptimisedEvent },
    actors: { optimizer: logic },
  }).createMachine({
    context: { applied: [] },
    invoke: { id: 'optimizer', src: 'optimizer' },
    on: {
      'prompt.optimised': {
        actions: assign({ applied: ({ context, event }) => [...context.applied, event.prompt] }),
      },
    },
  });
  const editor = createActor(parent, clock ? { clock } : {}).start();
  const optimizer = editor.getSnapshot().children.optimizer as AnyActorRef;
  return {
    editor,
    optimizer,
    snap: () => optimizer.getSnapshot() as SnapshotFrom<typeof promptOptimizerMachine>,
  };
}

async function streaming(clock?: SimulatedClock) {
  const server = fakeServer();
  const run = inEditor(server.logic, clock);
  run.optimizer.send({ type: 'optimise.started', prompt: PROMPT });
  server.creates[0]?.resolve({ id: 'opt-1' });
  await settle();
  return { ...server, ...run };
}

describe('prompt optimiser', () => {
  it('starts with the prompt, shows the text as it arrives, and applies it once complete', async () => {
    const { creates, streams, optimizer, snap, editor } = await streaming();
    expect(creates.map((c) => c.prompt)).toEqual([PROMPT]);
    expect(streams.map((s) => s.id)).toEqual(['opt-1']);
    expect(snap().value).toEqual({ streaming: 'receiving' });
    const stream = streams[0];
    stream?.send({ type: 'stream.delta', text: '## Role\n' });
    expect(snap().context.text).toBe('## Role\n');
    stream?.send({ type: 'stream.delta', text: 'You are the assistant' });
    expect(snap().context.text).toBe('## Role\nYou are the assistant');
    // Incomplete text cannot be applied.
    expect(snap().can({ type: 'optimise.applied' })).toBe(false);
    stream?.send({ type: 'stream.finished' });
    expect(snap().value).toBe('done');
    expect(snap().hasTag('busy')).toBe(false);
    optimizer.send({ type: 'optimise.applied' });
    expect(editor.getSnapshot().context.applied).toEqual(['## Role\nYou are the assistant']);
    expect(snap().value).toBe('idle');
    expect(snap().context).toEqual({ original: '', id: null, text: '', error: null });
  });

  it('discards a complete result without telling the editor', async () => {
    const { streams, optimizer, snap, editor } = await streaming();
    streams[0]?.send({ type: 'stream.delta', text: 'Better prompt' });
    streams[0]?.send({ type: 'stream.finished' });
    optimizer.send({ type: 'optimise.discarded' });
    expect(snap().value).toBe('idle');
    expect(snap().context.text).toBe('');
    expect(editor.getSnapshot().context.applied).toEqual([]);
  });

  it('Stop aborts the stream and keeps the partial text, which can only be discarded', async () => {
    const { streams, optimizer, snap, editor } = await streaming();
    streams[0]?.send({ type: 'stream.delta', text: '## Role\nYou are' });
    optimizer.send({ type: 'optimise.stopped' });
    expect(streams[0]?.aborted).toBe(true);
    expect(snap().value).toBe('stopped');
    expect(snap().context.text).toBe('## Role\nYou are');
    expect(snap().can({ type: 'optimise.applied' })).toBe(false);
    // A late piece from the aborted stream changes nothing.
    streams[0]?.send({ type: 'stream.delta', text: ' late' });
    expect(snap().context.text).toBe('## Role\nYou are');
    optimizer.send({ type: 'optimise.discarded' });
    expect(snap().value).toBe('idle');
    expect(editor.getSnapshot().context.applied).toEqual([]);
  });

  it('Stop while starting aborts the start', () => {
    const { logic, creates } = fakeServer();
    const { optimizer, snap } = inEditor(logic);
    optimizer.send({ type: 'optimise.started', prompt: PROMPT });
    optimizer.send({ type: 'optimise.stopped' });
    expect(creates[0]?.signal.aborted).toBe(true);
    expect(snap().value).toBe('stopped');
  });

  it('restarts with the new prompt when started again while running', async () => {
    const { creates, streams, optimizer, snap } = await streaming();
    streams[0]?.send({ type: 'stream.delta', text: 'Old' });
    optimizer.send({ type: 'optimise.started', prompt: 'Second prompt' });
    expect(streams[0]?.aborted).toBe(true);
    expect(snap().value).toBe('starting');
    expect(snap().context).toMatchObject({ original: 'Second prompt', text: '', id: null });
    // Started again while starting: the first start is abandoned too.
    optimizer.send({ type: 'optimise.started', prompt: 'Third prompt' });
    expect(creates.map((c) => [c.prompt, c.signal.aborted])).toEqual([
      [PROMPT, false],
      ['Second prompt', true],
      ['Third prompt', false],
    ]);
    creates[2]?.resolve({ id: 'opt-3' });
    await settle();
    expect(streams.map((s) => s.id)).toEqual(['opt-1', 'opt-3']);
  });

  it('ignores a blank prompt', () => {
    const { logic, creates } = fakeServer();
    const { optimizer, snap } = inEditor(logic);
    optimizer.send({ type: 'optimise.started', prompt: '  \n' });
    expect(snap().value).toBe('idle');
    expect(creates).toEqual([]);
  });

  it('says why the start failed', async () => {
    const { logic, creates } = fakeServer();
    const { optimizer, snap } = inEditor(logic);
    optimizer.send({ type: 'optimise.started', prompt: PROMPT });
    creates[0]?.reject(
      new ApiError({ kind: 'http', status: 500, endpoint: 'POST /x', message: 'Internal server error' }),
    );
    await settle();
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toEqual({ message: m.startFailed, detail: 'Internal server error' });
  });

  it("says the server's error line, a lost connection, and an empty answer", async () => {
    const one = await streaming();
    one.streams[0]?.send({ type: 'stream.delta', text: 'Half' });
    one.streams[0]?.send({ type: 'stream.failed', error: streamErrorLine });
    expect(one.snap().value).toBe('failed');
    expect(one.snap().context).toMatchObject({
      text: 'Half',
      error: { message: m.streamFailed, detail: streamErrorLine.message },
    });
    expect(one.snap().can({ type: 'optimise.applied' })).toBe(false);

    const two = await streaming();
    two.streams[0]?.send({ type: 'stream.failed', error: streamDropped });
    expect(two.snap().context.error).toEqual({ message: m.dropped, detail: null });

    const three = await streaming();
    three.streams[0]?.send({ type: 'stream.delta', text: ' \n' });
    three.streams[0]?.send({ type: 'stream.finished' });
    expect(three.snap().value).toBe('failed');
    expect(three.snap().context.error).toEqual({ message: m.empty, detail: null });
  });

  it('gives up on a stream silent for too long, each piece restarting the wait', async () => {
    const clock = new SimulatedClock();
    const { streams, snap } = await streaming(clock);
    clock.increment(OPTIMIZE_STREAM_SILENCE_MS - 1);
    streams[0]?.send({ type: 'stream.delta', text: 'Still here' });
    clock.increment(OPTIMIZE_STREAM_SILENCE_MS - 1);
    expect(snap().value).toEqual({ streaming: 'receiving' });
    clock.increment(1);
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toEqual({ message: m.silent, detail: null });
    expect(streams[0]?.aborted).toBe(true);
  });

  it('aborts the stream when the form goes (the actor stops)', async () => {
    const { streams, editor } = await streaming();
    editor.stop();
    expect(streams[0]?.aborted).toBe(true);
  });

  it('runs alone without an editor to tell', async () => {
    const { logic, creates, streams } = fakeServer();
    const actor = createActor(logic).start();
    actor.send({ type: 'optimise.started', prompt: PROMPT });
    creates[0]?.resolve({ id: 'opt-1' });
    await settle();
    streams[0]?.send({ type: 'stream.delta', text: 'Text' });
    streams[0]?.send({ type: 'stream.finished' });
    expect(() => actor.send({ type: 'optimise.applied' })).not.toThrow();
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

type Snap = SnapshotFrom<typeof promptOptimizerMachine>;
const serverError = 'Internal server error';

describeStateViews(promptOptimizerModel, {
  '*': {
    // Optimise is offered whatever the state (a prompt that is not blank restarts it), unless the server
    // said it does not offer it.
    enabled: (s: Snap) => (s.hasTag('notOffered') ? [] : ['optimise.started']),
    shows: (s: Snap) => {
      // Nothing is shown without an optimisation started; the text only ever comes from the stream.
      if (s.context.original === '')
        expect(s.context).toEqual({ original: '', id: null, text: '', error: null });
      expect(
        ['', '## Role\nYou are Ava'].some((t) => s.context.text === t || s.context.text.startsWith(t)),
      ).toBe(true);
      expect(s.context.error === null).toBe(!s.hasTag('error'));
    },
  },
  idle: { shows: (s: Snap) => expect(s.context.original).toBe('') },
  starting: {
    tags: ['busy'],
    enabled: ['optimise.stopped'],
    runs: {
      createOptimization: (input: { prompt: string }, s: Snap) =>
        expect(input.prompt).toBe(s.context.original),
    },
    shows: (s: Snap) => expect(s.context).toMatchObject({ id: null, text: '', error: null }),
  },
  streaming: {
    tags: ['busy', 'streaming'],
    enabled: ['optimise.stopped', 'stream.finished', 'stream.failed'],
    runs: { streamOptimization: (input: { id: string }) => expect(input.id).toBe('opt-1') },
  },
  'streaming.receiving': { enabled: ['stream.delta'] },
  done: {
    enabled: ['optimise.applied', 'optimise.discarded'],
    shows: (s: Snap) => expect(s.context.text).not.toBe(''),
  },
  stopped: {
    enabled: ['optimise.discarded'],
    shows: (s: Snap) => expect(s.context.error).toBeNull(),
  },
  failed: {
    tags: ['error'],
    enabled: ['optimise.discarded'],
    shows: (s: Snap) => {
      const { error } = s.context;
      expect([m.startFailed, m.streamFailed, m.dropped, m.silent, m.empty]).toContainEqual(error?.message);
      if (error?.message === m.startFailed) expect(error.detail).toBe(serverError);
      if (error?.message === m.streamFailed)
        expect([serverError, streamErrorLine.message]).toContain(error.detail);
      // An empty answer is the only failure after which there is no text to speak of.
      if (error?.message === m.empty) expect(s.context.text).toBe('');
    },
  },
  notOffered: {
    tags: ['notOffered'],
    shows: (s: Snap) => expect(s.context.original).toBe(''),
  },
});
