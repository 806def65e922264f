/** The dashboards' messages in English, the source of the Spanish and French catalogues (ICU syntax). */
export const en = {
  'title': '{panel, select, driver {Driver} dispatcher {Dispatcher} customer {Customer} other {{panel}}} dashboard | {tenant}',
  'greeting.morning': 'Good morning, {name}',
  'greeting.afternoon': 'Good afternoon, {name}',
  'greeting.evening': 'Good evening, {name}',
  'unnamed': 'Unnamed User',
  'role': 'Role',
  'business': 'Business',
  'role.name': '{panel, select, admin {Admin} dispatcher {Dispatcher} driver {Driver} customer {Customer} none {No role} other {{panel}}}',
  'loading': 'Loading your dashboard…',
  'intro.customer': 'Follow your deliveries live, and see what is new.',
  'intro.driver': 'Your assignments and updates from dispatch appear here.',
  'intro.dispatcher': "Plan the day's pickups and deliveries and keep your drivers moving.",
} as const;
