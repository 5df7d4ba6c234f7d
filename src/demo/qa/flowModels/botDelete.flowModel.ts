import { DEMO_BOTS, DEMO_LINE } from '../../../../mocks/seed';
import type { Instance } from '../../../api/schemas/instances';
import {
  type BotDeleteInput,
  botDeleteMachine,
} from '../../../machines/botSettings/botDelete/botDelete.machine';
import { type FlowModel, oneOf } from '../../../machines/model';

/** The demo's Main support line (answered by Ava), as the instance list answers it. */
export const mainLine = {
  id: DEMO_LINE.id,
  instanceName: DEMO_LINE.instanceName,
  chatbotId: DEMO_LINE.chatbotId,
  status: 1,
  instanceStatus: 'ready',
  qrCode: null,
} as Instance;

export const botDeleteModel: FlowModel<BotDeleteInput> = {
  id: 'botDelete',
  machine: botDeleteMachine,
  input: { botId: DEMO_BOTS.ava.id, botName: DEMO_BOTS.ava.name },
  events: [{ type: 'delete.confirmed' }, { type: 'delete.cancelled' }],
  outputs: {
    // Ava answers the main line; a list without her numbers; the delete's { success }.
    listInstances: oneOf([mainLine], [{ ...mainLine, chatbotId: DEMO_BOTS.leo.id }]),
    deleteBot: { success: true },
  },
  serialize: ({ context }) => [
    context.linked?.length ?? null,
    context.linkError !== null,
    context.error !== null,
  ],
};
