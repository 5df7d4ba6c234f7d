import type { RetrievedPassage } from '../../../api/schemas/retrieval';
import {
  type RetrievalTestContext,
  retrievalTestMachine,
} from '../../../machines/botSettings/knowledge/retrieval/retrievalTest.machine';
import { type FlowModel, failingOrNotOffered, oneOf } from '../../../machines/model';

/** What the demo's Ava finds for a question about shipping: a Q&A entry, then her shipping file. */
export const shippingPassages: RetrievedPassage[] = [
  {
    id: 'qa:qa-1',
    text: 'Do you ship to Singapore?\nYes, in 3 to 5 days.',
    score: 0.8,
    source: { kind: 'qa', id: 'qa-1', name: 'Do you ship to Singapore?' },
  },
  {
    id: 'file:kf-shipping:1',
    text: 'We ship to over 40 countries. Standard delivery takes 3-5 business days.',
    score: 0.4,
    source: { kind: 'file', id: 'kf-shipping', name: 'shipping-faq.docx' },
  },
];

export const retrievalTestModel: FlowModel<{ botId: string }> = {
  id: 'retrievalTest',
  machine: retrievalTestMachine,
  input: { botId: 'bot-ava' },
  events: [
    { type: 'query.changed', text: 'Can you ship to Singapore?' },
    { type: 'query.changed', text: ' ' },
    { type: 'run' },
    { type: 'retry' },
  ],
  outputs: {
    search: oneOf(
      { passages: shippingPassages, query: 'Can you ship to Singapore?' },
      { passages: [], query: 'Can you ship to Singapore?' },
    ),
  },
  errors: { search: failingOrNotOffered('search') },
  // What the section shows: a question or none, results there (and whether any), a problem or failure said.
  serialize: ({ context: c }: { context: RetrievalTestContext }) => [
    c.query.trim() !== '',
    c.passages === null ? null : c.passages.length > 0,
    c.error !== null,
  ],
};
