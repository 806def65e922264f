import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'disabled.title': 'Désactivé par Waypost',
  'disabled.gone': 'Le destinataire a répondu 410 Gone, ce qui demande de ne plus rien lui envoyer.',
  'disabled.failing': 'Les envois à cette adresse ont échoué pendant 5 jours.',
  'disabled.other': '{reason}',
  'disabled.hint': 'Réparez le destinataire, puis modifiez, testez et enregistrez le webhook pour le réactiver.',
} satisfies Translation<typeof en>;
