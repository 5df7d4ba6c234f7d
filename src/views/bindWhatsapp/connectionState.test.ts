import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { instanceConnectionModel } from '../../demo/qa/flowModels/instanceConnection.flowModel';
import { instanceConnectionMachine } from '../../machines/bindWhatsapp/instanceConnection/instanceConnection.machine';
import { snapshotFor } from '../../machines/model';
import { type LinkState, linkStateOf } from './connectionState';

const inState = (path: string) => {
  const found = snapshotFor(instanceConnectionModel, `instanceConnection.${path}`);
  if (!found) throw new Error(`The model reaches no state ${path}`);
  return createActor(instanceConnectionMachine, { snapshot: found.persisted }).getSnapshot();
};

describe('linkStateOf', () => {
  it.each<[string, LinkState]>([
    ['closed', 'closed'],
    ['open.link.creating', 'creating'],
    ['open.link.createFailed', 'createFailed'],
    ['open.link.waiting.polling', 'waiting'],
    ['open.link.expired', 'expired'],
    ['open.link.failed', 'failed'],
    ['open.link.connected', 'connected'],
  ])('names %s as %s', (path, expected) => {
    expect(linkStateOf(inState(path))).toBe(expected);
  });
});
