import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'title': 'Tableau de bord {panel, select, driver {chauffeur} dispatcher {répartiteur} customer {client} other {{panel}}} | {tenant}',
  'greeting.morning': 'Bonjour, {name}',
  'greeting.afternoon': 'Bon après-midi, {name}',
  'greeting.evening': 'Bonsoir, {name}',
  'unnamed': 'Utilisateur sans nom',
  'role': 'Rôle',
  'business': 'Entreprise',
  'role.name': '{panel, select, admin {Administrateur} dispatcher {Répartiteur} driver {Chauffeur} customer {Client} none {Aucun rôle} other {{panel}}}',
  'loading': 'Chargement de votre tableau de bord…',
  'intro.customer': 'Suivez vos livraisons en direct et voyez les nouveautés.',
  'intro.driver': 'Vos affectations et les messages de la répartition apparaissent ici.',
  'intro.dispatcher': 'Planifiez les enlèvements et livraisons du jour et gardez vos chauffeurs en mouvement.',
  'title.admin': 'Tableau de bord | {tenant}',
  'people': 'Personnes',
  'people.failed': 'Impossible de charger le nombre d’utilisateurs.',
  'people.admin': 'Administrateurs',
  'people.dispatcher': 'Répartiteurs',
  'people.driver': 'Chauffeurs',
  'people.customer': 'Clients',
  'cash.title': 'Remise des espèces',
  'cash.intro': 'Les paiements à la livraison que vos chauffeurs ont encaissés, remis et détiennent encore ; enregistrez ce qu’ils remettent.',
  'cash.open': 'Ouvrir la remise',
} satisfies Translation<typeof en>;
