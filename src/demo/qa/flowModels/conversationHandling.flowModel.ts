import type { Handling } from '../../../api/schemas/handling';
import {
  type ConversationHandlingContext,
  type ConversationHandlingInput,
  conversationHandlingMachine,
} from '../../../machines/chatHistory/handling/conversationHandling.machine';
import { type FlowModel, failingOrNotOffered } from '../../../machines/model';
import { demoSession, sampleReply } from './chatHistory.flowModel';

/** A person's pause of two hours from the demo's clock start, as the take-over answers it. */
export const takenOver: Handling = {
  by: 'person',
  name: 'owner',
  reason: 'takenOver',
  since: '2026-11-24T10:00:00.000Z',
  until: '2026-11-24T12:00:00.000Z',
};

export const conversationHandlingModel: FlowModel<ConversationHandlingInput> = {
  id: 'conversationHandling',
  machine: conversationHandlingMachine,
  // The demo's newest conversation, handled by the bot; and one a person already handles until handed back.
  input: { sessionId: demoSession.id, handling: { by: 'bot' } },
  inputs: [{ sessionId: demoSession.id, handling: { ...takenOver, until: null }, draft: 'On its way' }],
  events: [
    { type: 'takeOver', minutes: 120 },
    { type: 'handBack' },
    { type: 'reply.changed', text: 'Your parcel leaves today.' },
    { type: 'reply.changed', text: '' },
    { type: 'reply.send' },
    { type: 'handling.told', handling: { by: 'bot' } },
    { type: 'handling.told', handling: takenOver },
  ],
  outputs: {
    takeOver: takenOver,
    handBack: { by: 'bot' },
    reply: sampleReply,
  },
  errors: {
    takeOver: failingOrNotOffered('takeOver'),
    handBack: failingOrNotOffered('handBack'),
    reply: failingOrNotOffered('reply'),
  },
  // What decides the guards and what the controls show: a draft to send, a failure said, a pause's end.
  serialize: ({ context: c }: { context: ConversationHandlingContext }) => [
    c.draft.trim() !== '',
    c.error !== null,
    c.handling.by,
    c.handling.by === 'person' && c.handling.until !== null,
  ],
};
