import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ExportLabels } from '../../machines/chatHistory/export';

/* What the export panel says, and the words it writes into exported files (translated when a file is made). */

export const exportMessages = {
  failed: msg`Export failed, please retry.`,
};

/** The words written into exported files, translated when a file is made. */
export const exportLabelMessages: Record<keyof ExportLabels, MessageDescriptor> = {
  title: msg`Conversation`,
  number: msg`Number`,
  started: msg`Started`,
  exported: msg`Exported`,
  messageCount: msg`Messages`,
  analysis: msg`Analysis`,
  positive: msg`Positive sentiment`,
  keywords: msg`Keywords`,
  intent: msg`User intent`,
  noAnalysis: msg`Not analysed yet`,
  messages: msg`Messages`,
  time: msg`Time`,
  sender: msg`Sender`,
  content: msg`Content`,
  customer: msg`Customer`,
  bot: msg`Bot`,
};
