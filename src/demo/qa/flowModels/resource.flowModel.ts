import type { EventObject } from 'xstate';
import type { FlowModel } from '../../../machines/model';
import type { ResourceMachine } from '../../../machines/resource/resource.machine';

/**
 * The model of one resource: its answer (oneOf(...) for several, e.g. one with nothing in it), and the params
 * worth reloading with. Which data is present is what matters, not the data itself.
 */
export function resourceModel<TData, TParams>(
  machine: ResourceMachine<TData, TParams>,
  options: { data: unknown; params?: TParams; reloadWith?: TParams[] },
): FlowModel<{ params: TParams } | undefined> {
  const reloads: Array<EventObject & Record<string, unknown>> = (options.reloadWith ?? []).map((params) => ({
    type: 'resource.reload',
    params,
  }));
  return {
    id: machine.id,
    machine,
    input: options.params === undefined ? undefined : { params: options.params },
    events: [{ type: 'resource.reload' }, ...reloads, { type: 'resource.retry' }],
    outputs: { load: options.data },
    serialize: ({ context: c }) => [c.params, c.data !== null, c.error !== null],
  };
}
