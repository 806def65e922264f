import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPATCHER_SETTINGS, readDispatcherSettings } from './dispatcher-settings-shape';

describe('readDispatcherSettings', () => {
  it('no row is the defaults', () => {
    expect(readDispatcherSettings(null)).toEqual(DEFAULT_DISPATCHER_SETTINGS);
    expect(DEFAULT_DISPATCHER_SETTINGS).toEqual({ default_board_filters: {}, sound_on_new_unassigned: true, late_threshold_minutes: 15, auto_assign_mode: 'suggest' });
  });

  it('reads a stored row', () => {
    const row = {
      default_board_filters: { kind: 'on_demand', service_id: '5b3c8a7e-9a0e-4d4b-8f4e-2a1b3c4d5e6f', window: 'overdue' },
      sound_on_new_unassigned: false,
      late_threshold_minutes: 30,
      auto_assign_mode: 'auto',
    };
    expect(readDispatcherSettings(row)).toEqual(row);
  });

  it('a value that does not parse falls back to its default, the rest stays', () => {
    expect(
      readDispatcherSettings({
        default_board_filters: { kind: 'truck', zone_id: 'nope', window: 'today' },
        sound_on_new_unassigned: 'yes',
        late_threshold_minutes: 999,
        auto_assign_mode: 'auto',
      }),
    ).toEqual({ default_board_filters: { window: 'today' }, sound_on_new_unassigned: true, late_threshold_minutes: 15, auto_assign_mode: 'auto' });
    expect(readDispatcherSettings({ default_board_filters: 'all' })).toEqual(DEFAULT_DISPATCHER_SETTINGS);
  });
});
