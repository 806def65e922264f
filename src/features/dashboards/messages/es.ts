import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'title': 'Panel de {panel, select, driver {conductor} dispatcher {despacho} customer {cliente} other {{panel}}} | {tenant}',
  'greeting.morning': 'Buenos días, {name}',
  'greeting.afternoon': 'Buenas tardes, {name}',
  'greeting.evening': 'Buenas noches, {name}',
  'unnamed': 'Usuario sin nombre',
  'role': 'Rol',
  'business': 'Empresa',
  'role.name': '{panel, select, admin {Administrador} dispatcher {Despachador} driver {Conductor} customer {Cliente} none {Sin rol} other {{panel}}}',
  'loading': 'Cargando tu panel…',
  'intro.customer': 'Sigue tus entregas en directo y consulta las novedades.',
  'intro.driver': 'Aquí aparecen tus asignaciones y los avisos de despacho.',
  'intro.dispatcher': 'Planifica las recogidas y entregas del día y mantén a tus conductores en marcha.',
} satisfies Translation<typeof en>;
