import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'putBack.noWarehouse': 'Esta devolución no indica ningún almacén al que reintegrarla.',
  'putBack.action': 'Reintegrar al inventario',
  'putBack.title': 'Reintegrar {code} al inventario',
  'putBack.description': 'En una ubicación de {warehouse}, como existencias disponibles o dañadas.',
  'putBack.descriptionNoName': 'En una ubicación del almacén al que volvió, como existencias disponibles o dañadas.',
  'putBack.item': 'Artículo',
  'putBack.searchItems': 'Buscar artículos',
  'putBack.bin': 'Ubicación',
  'putBack.searchBins': 'Buscar ubicaciones',
  'putBack.quantity': 'Cantidad',
  'putBack.condition': 'Estado',
  'condition.available': 'Disponible',
  'condition.damaged': 'Dañado',
  'putBack.cancel': 'Cancelar',
  'putBack.done': '{units, plural, one {# unidad reintegrada} other {# unidades reintegradas}} al inventario desde {code}',
  'validation.item': 'El artículo es obligatorio',
  'validation.bin': 'La ubicación es obligatoria',
  'validation.quantity': 'La cantidad debe ser un número entero mayor que 0',
  'validation.condition': 'El estado debe ser disponible o dañado',
} satisfies Translation<typeof en>;
