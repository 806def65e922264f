/** The notifications' words in English, the source of the Spanish and French catalogues (ICU syntax). A notification's own title and body are data, shown as written. */
export const en = {
  'bell.title': 'Notifications',
  'bell.label': '{unread, plural, =0 {Notifications} other {Notifications, # unread}}',
  'bell.summary': '{unread, plural, =0 {You are all caught up} other {You have # unread}}',
  'bell.markAll': 'Mark all read',
  'recent.title': 'Recent notifications',
  'recent.unread': '{unread, number} unread',
  'list.loading': 'Loading notifications…',
  'list.retry': 'Retry',
  'list.label': 'Notifications list',
  'list.unread': '(unread)',
  'list.markRead': 'Mark read',
  'empty': 'No notifications',
  'loadFailed': 'Could not load notifications.',
  'markFailed': 'Could not mark the notification as read.',
  'markAllFailed': 'Could not mark all notifications as read.',
} as const;
