import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'picker.documentTitle': 'Entreprises | Waypost',
  'picker.title': 'Trouvez votre entreprise',
  'picker.intro': 'Choisissez l’entreprise auprès de laquelle vous voulez créer un compte.',
  'picker.signIn': 'Se connecter',
  'picker.search': 'Rechercher des entreprises',
  'picker.searchPlaceholder': 'Rechercher des entreprises…',
  'picker.loading': 'Chargement des entreprises',
  'picker.failed': 'Impossible de charger les entreprises.',
  'picker.failedDetail': 'Une erreur s’est produite !',
  'picker.tryAgain': 'Réessayer',
  'picker.none': 'Aucune entreprise trouvée',
  'picker.noMatch': 'Rien ne correspond à « {search} ». Vérifiez l’orthographe ou essayez un autre nom.',
  'picker.noneOpen': 'Aucune entreprise n’accepte encore d’inscriptions.',
  'picker.list': 'Entreprises',
  'picker.pagination': 'Pagination',
  'picker.previous': 'Précédente',
  'picker.next': 'Suivante',
  'picker.page': 'Page {page, number} sur {pages, number}',
} satisfies Translation<typeof en>;
