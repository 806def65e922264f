import { expect, it } from 'vitest';
import { staffLabel } from './warehousing';

it('staff read name - role', () => {
  expect(staffLabel({ role: 'dispatcher_liaison', user: { id: '1', full_name: 'Ben Okafor', email: null } })).toBe('Ben Okafor - Dispatcher liaison');
});
