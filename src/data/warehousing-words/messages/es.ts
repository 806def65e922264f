import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'security.low': 'Bajo',
  'security.medium': 'Medio',
  'security.high': 'Alto',
  'security.maximum': 'Máximo',
  'location.zone': 'Zona',
  'location.aisle': 'Pasillo',
  'location.shelf': 'Estante',
  'location.bin': 'Ubicación',
  'role.manager': 'Responsable',
  'role.supervisor': 'Supervisor',
  'role.receiver': 'Recepcionista',
  'role.picker': 'Preparador',
  'role.packer': 'Embalador',
  'role.dispatcher_liaison': 'Enlace con despacho',
  'tree.loading': 'Cargando las ubicaciones',
  'tree.failed': 'No se pudieron cargar las ubicaciones',
  'tree.label': 'Ubicaciones de {warehouse}',
  'tree.empty': 'Aún no hay ubicaciones en este almacén.',
  'staff.label': '{name} - {role}',
  'staff.unnamed': 'Usuario sin nombre',
} satisfies Translation<typeof en>;
