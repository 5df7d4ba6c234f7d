import { type TokenRemaining, UNLIMITED, type UserMembership } from '../../../api/schemas/membership';
import { DEFAULT_INSTANCE_LIMIT } from '../../constants';

/** Use of a limit; `limit` null means unlimited (a limit of -1), and then there is no ratio. */
export interface Quota {
  used: number;
  limit: number | null;
  ratio: number | null;
  percent: number | null;
}

export function quota(used: number, limit: number): Quota {
  if (limit === UNLIMITED) return { used, limit: null, ratio: null, percent: null };
  const ratio = limit > 0 ? used / limit : used > 0 ? 1 : 0;
  return { used, limit, ratio, percent: Math.round(ratio * 100) };
}

/** Instances in use against the membership's limit; an unknown membership means the default limit of 1. */
export const instanceQuota = (used: number, membership: Pick<UserMembership, 'instanceLimit'> | null) =>
  quota(used, membership?.instanceLimit ?? DEFAULT_INSTANCE_LIMIT);

/** Tokens used this period from what remains of the allowance. */
export const tokenQuota = ({ remaining, limit }: TokenRemaining) =>
  quota(limit === UNLIMITED ? 0 : Math.max(0, limit - remaining), limit);
