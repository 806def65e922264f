import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'bell.title': 'Notifications',
  'bell.label': '{unread, plural, =0 {Notifications} one {Notifications, # non lue} other {Notifications, # non lues}}',
  'bell.summary': '{unread, plural, =0 {Vous êtes à jour} one {Vous avez # notification non lue} other {Vous avez # notifications non lues}}',
  'bell.markAll': 'Tout marquer comme lu',
  'recent.title': 'Notifications récentes',
  'recent.unread': '{unread, plural, one {# non lue} other {# non lues}}',
  'list.loading': 'Chargement des notifications…',
  'list.retry': 'Réessayer',
  'list.label': 'Liste des notifications',
  'list.unread': '(non lue)',
  'list.markRead': 'Marquer comme lue',
  'empty': 'Aucune notification',
  'loadFailed': 'Impossible de charger les notifications.',
  'markFailed': 'Impossible de marquer la notification comme lue.',
  'markAllFailed': 'Impossible de marquer toutes les notifications comme lues.',
} satisfies Translation<typeof en>;
