import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'bell.title': 'Notificaciones',
  'bell.label': '{unread, plural, =0 {Notificaciones} other {Notificaciones, # sin leer}}',
  'bell.summary': '{unread, plural, =0 {Estás al día} one {Tienes # sin leer} other {Tienes # sin leer}}',
  'bell.markAll': 'Marcar todas como leídas',
  'recent.title': 'Notificaciones recientes',
  'recent.unread': '{unread, number} sin leer',
  'list.loading': 'Cargando notificaciones…',
  'list.retry': 'Reintentar',
  'list.label': 'Lista de notificaciones',
  'list.unread': '(sin leer)',
  'list.markRead': 'Marcar como leída',
  'empty': 'No hay notificaciones',
  'loadFailed': 'No se pudieron cargar las notificaciones.',
  'markFailed': 'No se pudo marcar la notificación como leída.',
  'markAllFailed': 'No se pudieron marcar todas las notificaciones como leídas.',
} satisfies Translation<typeof en>;
