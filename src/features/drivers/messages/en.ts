/** The drivers in English, the source of the Spanish and French catalogues (ICU syntax). So far the duty status panel; the rest of the driver's page still writes English inline. */
export const en = {
  'duty.title': 'Duty status',
  'duty.now': '{status, select, available {Now available.} busy {Now busy (accepted work; becomes available when it is done).} on_break {Now on break.} offline {Now offline.} other {Now {status}.}}',
  'duty.newStatus': 'New status',
  'duty.set': 'Set status',
  'duty.staysBusy': 'The driver has accepted work, so they stay busy',
  'duty.changed': 'Driver status updated',
  'duty.failed': 'Failed to update the driver status',
} as const;
