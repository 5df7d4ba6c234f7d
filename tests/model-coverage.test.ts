import { afterAll, describe, expect, it } from 'vitest';
import { billingDetailsModel } from '../src/demo/qa/flowModels/billingDetails.flowModel';
import { billingHistoryModel } from '../src/demo/qa/flowModels/billingHistory.flowModel';
import { botDeleteModel } from '../src/demo/qa/flowModels/botDelete.flowModel';
import { cardSetupModel } from '../src/demo/qa/flowModels/cardSetup.flowModel';
import { conversationHandlingModel } from '../src/demo/qa/flowModels/conversationHandling.flowModel';
import { databaseModel } from '../src/demo/qa/flowModels/database.flowModel';
import { fineTuneModel } from '../src/demo/qa/flowModels/fineTune.flowModel';
import { handoffSettingsModel } from '../src/demo/qa/flowModels/handoffSettings.flowModel';
import { handoffsModel } from '../src/demo/qa/flowModels/handoffs.flowModel';
import { improveAnswerModel } from '../src/demo/qa/flowModels/improveAnswer.flowModel';
import { instanceWatchModel } from '../src/demo/qa/flowModels/instanceWatch.flowModel';
import { invoiceModel } from '../src/demo/qa/flowModels/invoice.flowModel';
import { knowledgeUploadModel } from '../src/demo/qa/flowModels/knowledgeUpload.flowModel';
import { liveModel } from '../src/demo/qa/flowModels/live.flowModel';
import { liveConnectionModel } from '../src/demo/qa/flowModels/liveConnection.flowModel';
import { paymentMethodsModel } from '../src/demo/qa/flowModels/paymentMethods.flowModel';
import { promptOptimizerModel } from '../src/demo/qa/flowModels/promptOptimizer.flowModel';
import { qaImportModel } from '../src/demo/qa/flowModels/qaImport.flowModel';
import { qaKnowledgeModel } from '../src/demo/qa/flowModels/qaKnowledge.flowModel';
import { retrievalTestModel } from '../src/demo/qa/flowModels/retrievalTest.flowModel';
import { salesInquiryModel } from '../src/demo/qa/flowModels/salesInquiry.flowModel';
import { savedRepliesModel } from '../src/demo/qa/flowModels/savedReplies.flowModel';
import { sourcesKnowledgeModel } from '../src/demo/qa/flowModels/sourcesKnowledge.flowModel';
import { toastModel } from '../src/demo/qa/flowModels/toasts.flowModel';
import { trendsModel } from '../src/demo/qa/flowModels/trends.flowModel';
import { unansweredQuestionsModel } from '../src/demo/qa/flowModels/unansweredQuestions.flowModel';
import { usageRangeModel } from '../src/demo/qa/flowModels/usageRange.flowModel';
import { waitingCountModel } from '../src/demo/qa/flowModels/waitingCount.flowModel';
import { FLOW_MODELS } from '../src/demo/qa/models';
import { type Coverage, coverage } from './coverage';

/** Every machine of the product, through the model its tests and the QA tools share. */
// The upload queue, the delete question, the external database, the prompt optimiser and the toasts are
// children of other flows, with models of their own.
const MODELS = [
  ...Object.values(FLOW_MODELS),
  knowledgeUploadModel,
  botDeleteModel,
  databaseModel,
  promptOptimizerModel,
  toastModel,
  liveModel,
  fineTuneModel,
  trendsModel,
  handoffsModel,
  instanceWatchModel,
  liveConnectionModel,
  salesInquiryModel,
  billingDetailsModel,
  paymentMethodsModel,
  cardSetupModel,
  usageRangeModel,
  billingHistoryModel,
  invoiceModel,
  conversationHandlingModel,
  waitingCountModel,
  handoffSettingsModel,
  savedRepliesModel,
  qaKnowledgeModel,
  improveAnswerModel,
  unansweredQuestionsModel,
  retrievalTestModel,
  qaImportModel,
  sourcesKnowledgeModel,
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
