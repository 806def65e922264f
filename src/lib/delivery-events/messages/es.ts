import type { Translation } from '../../i18n/catalogue';
import type { en } from './en';

export default {
  'event.created': 'Creada',
  'event.assigned': 'Asignada',
  'event.reassigned': 'Reasignada',
  'event.unassigned': 'Desasignada',
  'event.rejected': 'Rechazada por el conductor',
  'event.arrived_pickup': 'Llegada a la recogida',
  'event.arrived_dropoff': 'Llegada a la entrega',
  'event.handed_over': 'Paquetes entregados',
  'event.reopened': 'Reabierta',
} satisfies Translation<typeof en>;
