import { defineStatuses } from '../../lib/status-vocabulary';

/** A person's standing in the tenant (profiles.status): only active people may sign in. */
export const USER_STATUSES = ['active', 'invited', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Working green, waiting for the invitation to be accepted blue, switched off grey, barred red. */
export const userStatus = defineStatuses(USER_STATUSES, {
  labels: { active: 'Active', invited: 'Invited', inactive: 'Inactive', suspended: 'Suspended' },
  tones: { active: 'success', invited: 'info', inactive: 'neutral', suspended: 'error' },
});
