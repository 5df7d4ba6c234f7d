import { afterAll, describe, expect, it } from 'vitest';
import { cardSetupModel } from '../src/demo/checkout/cardSetup.flowModel';
import { FLOW_MODELS } from '../src/demo/qa/models';
import { billingDetailsModel } from '../src/machines/billingDetails/billingDetails.flowModel';
import { billingHistoryModel } from '../src/machines/billingHistory/billingHistory.flowModel';
import { botDeleteModel } from '../src/machines/botDelete/botDelete.flowModel';
import { botEditorCoverageModel } from '../src/machines/botEditor/botEditor.flowModel';
import { chatHistoryCoverageModel } from '../src/machines/chatHistory/chatHistory.flowModel';
import { liveModel } from '../src/machines/chatHistory/live.flowModel';
import { trendsModel } from '../src/machines/dashboard/trends.flowModel';
import { databaseModel } from '../src/machines/database/database.flowModel';
import { fineTuneModel } from '../src/machines/fineTune/fineTune.flowModel';
import { instanceWatchModel } from '../src/machines/instanceWatch/instanceWatch.flowModel';
import { invoiceModel } from '../src/machines/invoice/invoice.flowModel';
import { knowledgeUploadModel } from '../src/machines/knowledgeUpload/knowledgeUpload.flowModel';
import { liveConnectionModel } from '../src/machines/liveConnection/liveConnection.flowModel';
import { paymentMethodsModel } from '../src/machines/paymentMethods/paymentMethods.flowModel';
import { promptOptimizerModel } from '../src/machines/promptOptimizer/promptOptimizer.flowModel';
import { salesInquiryModel } from '../src/machines/salesInquiry/salesInquiry.flowModel';
import { toastModel } from '../src/machines/toasts/toasts.flowModel';
import { usageRangeModel } from '../src/machines/usage/usageRange.flowModel';
import { type Coverage, coverage } from './coverage';

/** Every machine of the product, through the model its tests and the QA tools share. */
// The bot editor's coverage uses a finer model than its QA jumps (see its model file); the upload queue, the
// delete question, the external database, the prompt optimiser and the toasts are children of other flows,
// with models of their own.
const MODELS = [
  ...Object.values(FLOW_MODELS).map(
    (m) => [botEditorCoverageModel, chatHistoryCoverageModel].find((c) => c.id === m.id) ?? m,
  ),
  knowledgeUploadModel,
  botDeleteModel,
  databaseModel,
  promptOptimizerModel,
  toastModel,
  liveModel,
  fineTuneModel,
  trendsModel,
  instanceWatchModel,
  liveConnectionModel,
  salesInquiryModel,
  billingDetailsModel,
  paymentMethodsModel,
  cardSetupModel,
  usageRangeModel,
  billingHistoryModel,
  invoiceModel,
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
