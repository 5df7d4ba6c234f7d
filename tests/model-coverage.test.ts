import { afterAll, describe, expect, it } from 'vitest';
import { FLOW_MODELS } from '../src/demo/qa/models';
import { botEditorCoverageModel } from '../src/machines/botEditor/botEditor.flowModel';
import { knowledgeUploadModel } from '../src/machines/knowledgeUpload/knowledgeUpload.flowModel';
import { toastModel } from '../src/machines/toasts/toasts.flowModel';
import { type Coverage, coverage } from './coverage';

/** Every machine of the product, through the model its tests and the QA tools share. */
// The bot editor's coverage uses a finer model than its QA jumps (see its model file); the upload queue and
// the toasts are children of other flows, with models of their own.
const MODELS = [
  ...Object.values(FLOW_MODELS).map((m) => (m.id === botEditorCoverageModel.id ? botEditorCoverageModel : m)),
  knowledgeUploadModel,
  toastModel,
];
const report: Array<[string, Coverage]> = [];

afterAll(() => {
  const pct = (c: { covered: number; total: number }) =>
    `${c.covered}/${c.total} (${Math.round((100 * c.covered) / c.total)} %)`;
  const rows = report.map(
    ([id, c]) => `${id.padEnd(22)} states ${pct(c.states).padEnd(16)} transitions ${pct(c.transitions)}`,
  );
  console.log(`\nModel coverage per machine:\n${rows.join('\n')}\n`);
});

describe.each(MODELS.map((m) => [m.id, m] as const))('model of %s', (id, model) => {
  const result = coverage(model.machine, model);
  report.push([id, result]);

  it('reaches every state', () => {
    expect(result.states.missing).toEqual([]);
  });

  it('takes every transition', () => {
    expect(result.transitions.missing).toEqual([]);
  });
});
