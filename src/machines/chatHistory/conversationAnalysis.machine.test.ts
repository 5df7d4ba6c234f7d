import { describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, assign, createActor, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { settle } from '../../../tests/appSystem';
import { describeStateViews } from '../../../tests/stateViews';
import type { ChatAnalysis } from '../../api/schemas/chatSessions';
import { sampleAnalysis as analysis } from '../../demo/qa/flowModels/chatHistory.flowModel';
import { conversationAnalysisModel } from '../../demo/qa/flowModels/conversationAnalysis.flowModel';
import { conversationAnalysisMachine, type SessionAnalyzedEvent } from './conversationAnalysis.machine';

/** The analysis as the chat history runs it (a child whose reports the parent records), with its request stubbed. */
function started(analyze: (id: string) => Promise<ChatAnalysis>) {
  const request = vi.fn(analyze);
  const logic = conversationAnalysisMachine.provide({
    actors: { analyzeSession: fromPromise(({ input }) => request(input.id)) },
  });
  const parent = setup({
    types: { context: {} as { told: SessionAnalyzedEvent[] }, events: {} as SessionAnalyzedEvent },
    actors: { conversationAnalysis: logic },
  }).createMachine({
    context: { told: [] },
    invoke: { id: 'conversationAnalysis', src: 'conversationAnalysis', input: { sessionId: 'sess-a' } },
    on: {
      'session.analyzed': { actions: assign({ told: ({ context, event }) => [...context.told, event] }) },
    },
  });
  const history = createActor(parent).start();
  const child = history.getSnapshot().children.conversationAnalysis as ActorRefFrom<typeof logic>;
  return { child, snap: () => child.getSnapshot(), told: () => history.getSnapshot().context.told, request };
}

describe('conversation analysis', () => {
  it('is known by its flow id (the QA tools list and jump it by that id)', () => {
    expect(conversationAnalysisMachine.id).toBe('conversationAnalysis');
  });

  it('analyses its conversation and tells the chat history the answer', async () => {
    const { child, snap, told, request } = started(async () => analysis);
    expect(snap().can({ type: 'analysis.requested' })).toBe(true);
    child.send({ type: 'analysis.requested' });
    expect(snap().hasTag('analyzing')).toBe(true);
    expect(snap().can({ type: 'analysis.requested' })).toBe(false);
    await settle();
    expect(request).toHaveBeenCalledWith('sess-a');
    expect(told()).toEqual([{ type: 'session.analyzed', analysis }]);
    expect(snap().value).toBe('idle');
  });

  it('says why analysing failed, tells nothing, and may be asked again', async () => {
    let fail = true;
    const { child, snap, told } = started(async () => {
      if (fail) throw new Error('Model busy');
      return analysis;
    });
    child.send({ type: 'analysis.requested' });
    await settle();
    expect(snap().hasTag('analysisFailed')).toBe(true);
    expect(snap().context.error).toBe('Model busy');
    expect(told()).toEqual([]);
    fail = false;
    child.send({ type: 'analysis.requested' });
    await settle();
    expect(snap().context.error).toBeNull();
    expect(told()).toEqual([{ type: 'session.analyzed', analysis }]);
  });

  it('alone (the QA tools, its model) has nobody to tell, and still ends idle', async () => {
    const actor = createActor(
      conversationAnalysisMachine.provide({ actors: { analyzeSession: fromPromise(async () => analysis) } }),
      { input: { sessionId: 'sess-a' } },
    ).start();
    actor.send({ type: 'analysis.requested' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().status).toBe('active');
  });
});

type Snap = SnapshotFrom<typeof conversationAnalysisMachine>;
const sessionId = conversationAnalysisModel.input?.sessionId;

describeStateViews(conversationAnalysisModel, {
  idle: {
    enabled: ['analysis.requested'],
    shows: (s: Snap) => expect(s.context).toEqual({ sessionId, error: null }),
  },
  analyzing: {
    tags: ['analyzing'],
    runs: { analyzeSession: (input: { id: string }) => expect(input).toEqual({ id: sessionId }) },
  },
  failed: {
    tags: ['analysisFailed'],
    enabled: ['analysis.requested'],
    shows: (s: Snap) => expect(s.context.error).toBe('Internal server error'),
  },
});
