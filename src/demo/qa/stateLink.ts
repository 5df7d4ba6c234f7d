import { snapshotFor } from '../../machines/model';
import { FLOW_MODELS } from './models';
import { qaRuntime } from './runtime';

export const FLOW_PARAM = 'qa-flow';
export const STATE_PARAM = 'qa-state';

/** A link that opens the app with a flow in a state (for bug reports); keeps the scenario. */
export function stateLink(flow: string, stateId: string): string {
  const url = new URL(location.href);
  url.searchParams.set(FLOW_PARAM, flow);
  url.searchParams.set(STATE_PARAM, stateId);
  return url.toString();
}

/** Brings a flow to a state: the shortest event path from its model, replayed, then restored live. */
export function jumpTo(flow: string, stateId: string): boolean {
  const model = FLOW_MODELS[flow];
  const result = model && snapshotFor(model, stateId);
  if (!result) return false;
  qaRuntime.restore(flow, result.persisted);
  return true;
}

/** At start: a state link in the URL puts its flow in that state before the app mounts. */
export function applyStateLinkFromUrl(): void {
  const params = new URLSearchParams(location.search);
  const flow = params.get(FLOW_PARAM);
  const state = params.get(STATE_PARAM);
  if (flow && state) jumpTo(flow, state);
}
