import { getEndpoint } from './client';
import { HandoffFiguresSchema } from './schemas/dashboardHandoffs';

/** Today's and yesterday's hand-offs to a person, and today's median time to a person's first reply. */
export const getHandoffFigures = getEndpoint('/dashboard/handoffs', HandoffFiguresSchema);
