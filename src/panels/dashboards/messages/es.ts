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
  'title.admin': 'Panel | {tenant}',
  'people': 'Personas',
  'people.failed': 'No se pudo cargar el recuento de usuarios.',
  'people.admin': 'Administradores',
  'people.dispatcher': 'Despachadores',
  'people.driver': 'Conductores',
  'people.customer': 'Clientes',
  'cash.title': 'Rendición de efectivo',
  'cash.intro': 'El cobro contra reembolso que tus conductores han cobrado, rendido y aún tienen; registra lo que entregan.',
  'cash.open': 'Abrir la rendición',
} satisfies Translation<typeof en>;
