import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'picker.documentTitle': 'Empresas | Waypost',
  'picker.title': 'Encuentra tu empresa',
  'picker.intro': 'Elige la empresa con la que quieres crear una cuenta.',
  'picker.signIn': 'Iniciar sesión',
  'picker.search': 'Buscar empresas',
  'picker.searchPlaceholder': 'Buscar empresas…',
  'picker.loading': 'Cargando empresas',
  'picker.failed': 'No se pudieron cargar las empresas.',
  'picker.failedDetail': '¡Algo salió mal!',
  'picker.tryAgain': 'Intentar de nuevo',
  'picker.none': 'No se encontraron empresas',
  'picker.noMatch': 'Nada coincide con «{search}». Revisa la ortografía o prueba con otro nombre.',
  'picker.noneOpen': 'Todavía no hay ninguna empresa abierta a registros.',
  'picker.list': 'Empresas',
  'picker.pagination': 'Paginación',
  'picker.previous': 'Anterior',
  'picker.next': 'Siguiente',
  'picker.page': 'Página {page, number} de {pages, number}',
} satisfies Translation<typeof en>;
