import { authHandlers } from './handlers/auth';
import { chatbotHandlers } from './handlers/chatbots';
import { chatSessionHandlers } from './handlers/chatSessions';
import { dashboardHandlers } from './handlers/dashboard';
import { instanceHandlers } from './handlers/instances';
import { membershipHandlers } from './handlers/membership';
import { paymentHandlers } from './handlers/payments';
import { uploadHandlers } from './handlers/upload';

/** Every endpoint of the API, as the normal ("happy") server answers it. */
export const handlers = [
  ...authHandlers,
  ...dashboardHandlers,
  ...instanceHandlers,
  ...chatbotHandlers,
  ...uploadHandlers,
  ...chatSessionHandlers,
  ...membershipHandlers,
  ...paymentHandlers,
];
