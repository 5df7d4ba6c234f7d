import { updateInstance } from '../../api/instances';
import type { Instance, InstanceUpdateBody } from '../../api/schemas/instances';
import { fromRequest } from '../request';

/**
 * Saving an instance's name and chatbot, for both dialogs that do it: the settings dialog (instances) and the
 * connection dialog's form (instanceConnection).
 */
export const saveInstanceSettings = fromRequest<Instance, { id: string; body: InstanceUpdateBody }>(
  ({ input, signal }) => updateInstance(input.id, input.body, signal),
);

/** What the save sends for `instance`: the name as typed, trimmed, and the chosen chatbot. */
export const settingsInput = (instance: Instance | null, name: string, chatbotId: string) => ({
  id: instance?.id ?? '',
  body: { instanceName: name.trim(), chatbotId },
});
