import type { Translation } from '../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'language.menu': 'Idioma',
  'language.button': 'Idioma: {name}',
  'language.saveFailed': 'No se pudo guardar tu idioma. Se aplica en este dispositivo hasta que recargues la página.',
} satisfies Translation<typeof en>;
