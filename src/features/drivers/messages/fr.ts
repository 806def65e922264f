import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'duty.title': 'Statut de service',
  'duty.now': '{status, select, available {Actuellement disponible.} busy {Actuellement occupé (travail accepté ; redevient disponible une fois terminé).} on_break {Actuellement en pause.} offline {Actuellement hors service.} other {Actuellement : {status}.}}',
  'duty.newStatus': 'Nouveau statut',
  'duty.set': 'Changer le statut',
  'duty.staysBusy': 'Le chauffeur a accepté du travail, il reste donc occupé',
  'duty.changed': 'Statut du chauffeur mis à jour',
  'duty.failed': 'Échec de la mise à jour du statut du chauffeur',
} satisfies Translation<typeof en>;
