import { INSTANCE_ONLINE, type Instance } from '../../api/schemas/instances';
import { UNLIMITED, type UserMembership } from '../../api/schemas/membership';
import { isConnected } from './instanceConnection/instanceConnection.machine';

/** What Bind WhatsApp needs of the membership: the plan's name and how many numbers it lets the user connect. */
export type InstanceAllowance = Pick<UserMembership, 'name' | 'instanceLimit'>;

/** A plan whose connected numbers are all in use. */
export interface FullPlan {
  planName: string;
  limit: number;
}

/** A number holds a place in the plan once it is online or its phone has linked (the server counts both). */
const holdsPlace = (instance: Instance) => instance.status === INSTANCE_ONLINE || isConnected(instance);

/**
 * The plan, when it allows no further connected number; null while there is room, when the limit is unlimited
 * and when the membership is unknown (the server still refuses what it must, and the dialog says so).
 */
export function fullPlan(allowance: InstanceAllowance | null, instances: Instance[]): FullPlan | null {
  if (allowance === null || allowance.instanceLimit === UNLIMITED) return null;
  const used = instances.filter(holdsPlace).length;
  return used >= allowance.instanceLimit
    ? { planName: allowance.name, limit: allowance.instanceLimit }
    : null;
}
