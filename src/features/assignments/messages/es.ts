import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'list.title': 'Asignaciones',
  'list.search': 'Buscar entrega, referencia, conductor o vehículo',
  'list.add': 'Añadir asignación',
  'list.edit': 'Editar',
  'list.rowLabel': '{delivery} para {driver}',
  'list.someDelivery': 'entrega',
  'list.someDriver': 'conductor',
  'list.vehicleImage': 'Imagen de {name}',
  'list.noImage': 'Sin imagen',
  'col.assignedBy': 'Asignada por',
  'col.driver': 'Conductor',
  'col.vehicle': 'Vehículo',
  'col.time': 'Hora de asignación',
  'col.delivery': 'Entrega',
  'col.status': 'Estado',
  'notEditable': '{status, select, accepted {Solo se pueden editar las asignaciones pendientes; esta está aceptada} rejected {Solo se pueden editar las asignaciones pendientes; esta está rechazada} completed {Solo se pueden editar las asignaciones pendientes; esta está completada} cancelled {Solo se pueden editar las asignaciones pendientes; esta está cancelada} other {Solo se pueden editar las asignaciones pendientes; esta está en el estado {status}}}',
  'fit.load': 'Carga de {weight, number} kg para una capacidad de {capacity, number} kg',
  'fit.loadShare': 'Carga de {weight, number} kg para una capacidad de {capacity, number} kg ({share, number} %)',
  'fit.ok': 'El conductor, el vehículo y la entrega son compatibles',
} satisfies Translation<typeof en>;
