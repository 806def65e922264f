import type { Translation } from '../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'language.menu': 'Langue',
  'language.button': 'Langue : {name}',
  'language.saveFailed': 'Impossible d’enregistrer votre langue. Elle s’applique sur cet appareil jusqu’au prochain rechargement.',
} satisfies Translation<typeof en>;
