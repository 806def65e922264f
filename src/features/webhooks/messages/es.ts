import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'disabled.title': 'Desactivado por Waypost',
  'disabled.gone': 'El receptor respondió 410 Gone, que pide no recibir más entregas.',
  'disabled.failing': 'Las entregas a esta dirección fallaron durante 5 días.',
  'disabled.other': '{reason}',
  'disabled.hint': 'Corrija el receptor y luego edite, pruebe y guarde el webhook para volver a activarlo.',
} satisfies Translation<typeof en>;
