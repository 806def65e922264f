import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'duty.title': 'Estado de servicio',
  'duty.now': '{status, select, available {Ahora disponible.} busy {Ahora ocupado (trabajo aceptado; pasa a disponible cuando termine).} on_break {Ahora en descanso.} offline {Ahora fuera de servicio.} other {Ahora: {status}.}}',
  'duty.newStatus': 'Nuevo estado',
  'duty.set': 'Cambiar estado',
  'duty.staysBusy': 'El conductor ha aceptado trabajo, así que sigue ocupado',
  'duty.changed': 'Estado del conductor actualizado',
  'duty.failed': 'No se pudo actualizar el estado del conductor',
} satisfies Translation<typeof en>;
