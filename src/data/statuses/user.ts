import { defineStatuses } from '../../lib/status-vocabulary';
import { statusMessages } from './messages';

/** A person's standing in the tenant (profiles.status): only active people may sign in. */
export const USER_STATUSES = ['active', 'invited', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Working green, waiting for the invitation to be accepted blue, switched off grey, barred red. */
export const userStatus = defineStatuses(USER_STATUSES, {
  words: { catalogue: statusMessages, prefix: 'user' },
  tones: { active: 'success', invited: 'info', inactive: 'neutral', suspended: 'error' },
});
