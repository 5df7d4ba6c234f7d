import { beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loadLazyFlows } from '../../tests/appSystem';
import { botEditorModel } from '../demo/qa/flowModels/botEditor.flowModel';
import { FLOW_MODELS } from '../demo/qa/models';
import { botEditorMachine } from './botSettings/botEditor.machine';
import { activeNodes, modelPaths, shortestEventsTo, snapshotFor, stateNodes } from './model';

// The flows the started actors load lazily are loaded before any starts.
beforeAll(loadLazyFlows);

const stateValue = (result: ReturnType<typeof snapshotFor>) =>
  (result?.persisted as { value?: unknown } | undefined)?.value;

describe('snapshotFor (QA jumps and state links)', () => {
  it.each([
    ['paymentSuccess', 'paymentSuccess.missing'],
    ['planChange', 'planChange.paymentReturn.refreshing'],
    ['planChange', 'planChange.paymentReturn.done'],
    ['demoCheckout', 'demoCheckout.unknown'],
    ['session', 'session.signedOut'],
  ])('reaches %s state %s (from the model’s other inputs where the first cannot)', (flow, state) => {
    const model = FLOW_MODELS[flow];
    if (!model) throw new Error(`no model ${flow}`);
    const result = snapshotFor(model, state);
    expect(result).not.toBeNull();
    const leaf = state.split('.').at(-1);
    expect(JSON.stringify(stateValue(result))).toContain(`"${leaf}"`);
  });

  it('starts a state that needs another input from that input (payment page without a session id)', () => {
    const result = snapshotFor(FLOW_MODELS.paymentSuccess as never, 'paymentSuccess.missing');
    expect(result?.input).toEqual({ sessionId: null });
    expect(stateValue(result)).toBe('missing');
  });

  it('keeps child machines as machines, so the live flow can restore them', () => {
    const result = snapshotFor(botEditorModel as never, 'botEditor.ready.mode.editing.idle');
    const actor = createActor(botEditorMachine, {
      snapshot: result?.persisted,
      input: botEditorModel.input,
    } as never).start();
    const uploads = actor.getSnapshot().children.uploads;
    expect((uploads?.getSnapshot() as { context?: unknown } | undefined)?.context).toMatchObject({
      items: [],
    });
    actor.stop();
  });
});

describe('shortestEventsTo (the search behind a jump)', () => {
  // Small and large graphs alike: the search that stops early finds a path exactly as short as the whole map.
  it.each(['login', 'instanceConnection', 'botEditor'])(
    'finds, for every state of %s, a path as short as the full traversal’s',
    (flow) => {
      const model = FLOW_MODELS[flow];
      if (!model) throw new Error(`no model ${flow}`);
      const { shortest } = modelPaths(model.machine, model);
      for (const node of stateNodes(model.machine)) {
        const active = (s: unknown) => activeNodes(s).some((n) => n.id === node.id);
        const lengths = shortest.filter((p) => active(p.state)).map((p) => p.steps.length - 1);
        const found = shortestEventsTo(model.machine, model, active);
        expect(found?.length ?? null, node.id).toBe(lengths.length ? Math.min(...lengths) : null);
      }
    },
  );

  it('answers null for a state no event reaches', () => {
    const model = FLOW_MODELS.login;
    if (!model) throw new Error('no model login');
    expect(shortestEventsTo(model.machine, model, () => false)).toBeNull();
  });
});
