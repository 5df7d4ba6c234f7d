import type { FlowModel } from '../model';
import { loginMachine } from './login.machine';

export const sampleUser = {
  accessToken: 'demo-owner-token',
  id: 'user-owner',
  userId: 'user-owner',
  email: 'owner@demo.test',
};

export const loginModel: FlowModel = {
  id: 'login',
  machine: loginMachine,
  events: [
    { type: 'email.changed', value: 'owner@demo.test' },
    { type: 'email.changed', value: 'owner@' },
    { type: 'email.changed', value: '' },
    { type: 'code.changed', value: '123456' },
    { type: 'code.changed', value: '' },
    { type: 'code.sendRequested' },
    { type: 'login.submitted' },
  ],
  outputs: { signIn: sampleUser, sendCode: { success: true } },
  // The send counter only matters as "sent at least once"; texts as they are (three of each).
  serialize: ({ context: c }) => [c.sendCount > 0, c.email, c.code, c.error?.id ?? null],
};
