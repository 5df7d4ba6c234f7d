import { DEMO_ADMIN, DEMO_OWNER } from '../../../../mocks/seed';
import { ApiError } from '../../../api/errors';
import { type FlowModel, oneOf } from '../../../machines/model';
import { sessionMachine } from '../../../machines/root/session/session.machine';
import { sampleUser } from './login.flowModel';

export const sessionModel: FlowModel<{ user: typeof sampleUser | null }> = {
  id: 'session',
  machine: sessionMachine,
  input: { user: sampleUser },
  inputs: [{ user: null }],
  events: [
    { type: 'session.signedIn', user: sampleUser },
    { type: 'session.logout' },
    { type: 'session.expired' },
    { type: 'session.refreshUser' },
    // Another tab: signed out, signed in as someone else, or the same user with a new token.
    { type: 'session.storedUserChanged', user: null },
    { type: 'session.storedUserChanged', user: { accessToken: DEMO_ADMIN.token, id: DEMO_ADMIN.id } },
    { type: 'session.storedUserChanged', user: { ...sampleUser, accessToken: 'newer-owner-token' } },
  ],
  outputs: { loadCurrentUser: { id: DEMO_OWNER.id, email: DEMO_OWNER.email, isAdmin: false } },
  errors: {
    loadCurrentUser: oneOf(
      new ApiError({ kind: 'http', status: 401, endpoint: 'GET /users/me', message: 'Unauthorized' }),
      new ApiError({ kind: 'network', endpoint: 'GET /users/me', message: 'Network error' }),
    ),
  },
};
