import type { FlowModel } from '../../../machines/model';
import { type Toast, toastMachine } from '../../../machines/root/toasts/toasts.machine';

export const toastModel: FlowModel<Toast> = {
  id: 'toast',
  machine: toastMachine,
  input: { id: 'toast-1', variant: 'info', title: 'Settings saved', description: null, duration: 5000 },
  events: [{ type: 'toast.dismiss' }, { type: 'toast.pause' }, { type: 'toast.resume' }],
};
