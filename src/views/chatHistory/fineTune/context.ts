import type { fineTuneMachine } from '../../../machines/chatHistory/fineTune/fineTune.machine';
import { createFlowContext } from '../../ui/flowContext';

/** The Fine-tune tab's flow, for the parts of the tab below it. */
export const FineTuneContext = createFlowContext<typeof fineTuneMachine>('fine-tune');
