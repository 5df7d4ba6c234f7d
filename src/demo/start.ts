import { startMocks } from '../../mocks/browser';
import { installFlowInspector } from '../machines/inspection';
import { qaRuntime } from './qa/runtime';

/**
 * Demo builds only (src/main.tsx imports this behind VITE_MOCKS): starts the in-page mock backend and the QA
 * tools before the app renders.
 */
export async function startDemo(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const { scenario } = await startMocks({ scenario: params.get('scenario') });
  qaRuntime.setScenario(scenario);
  installFlowInspector(qaRuntime);
  // The mock backend answers from now on: end-to-end tests wait for this mark rather than poll the worker.
  document.documentElement.dataset.mockBackend = scenario;
  // A QA state link (?qa-flow=…&qa-state=…) puts that flow in that state before the app mounts.
  if (params.has('qa-flow')) (await import('./qa/stateLink')).applyStateLinkFromUrl();
}
