import { getUserMembership } from '../../../api/membership';
import type { UserMembership } from '../../../api/schemas/membership';
import { resourceMachine } from '../../resource/resource.machine';

/** The user's membership: the plan, when it ends, its limits. Billing shows it; Bind WhatsApp checks its limit. */
export const membershipMachine = resourceMachine<UserMembership>({
  id: 'membership',
  load: (_, signal) => getUserMembership(signal),
});
