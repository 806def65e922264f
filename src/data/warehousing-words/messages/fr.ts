import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'security.low': 'Faible',
  'security.medium': 'Moyen',
  'security.high': 'Élevé',
  'security.maximum': 'Maximal',
  'location.zone': 'Zone',
  'location.aisle': 'Allée',
  'location.shelf': 'Étagère',
  'location.bin': 'Emplacement',
  'role.manager': 'Responsable',
  'role.supervisor': 'Superviseur',
  'role.receiver': 'Réceptionnaire',
  'role.picker': 'Préparateur',
  'role.packer': 'Emballeur',
  'role.dispatcher_liaison': 'Liaison avec la répartition',
  'tree.loading': 'Chargement des emplacements',
  'tree.failed': 'Impossible de charger les emplacements',
  'tree.label': 'Emplacements de {warehouse}',
  'tree.empty': 'Aucun emplacement dans cet entrepôt pour l’instant.',
  'staff.label': '{name} - {role}',
  'staff.unnamed': 'Utilisateur sans nom',
} satisfies Translation<typeof en>;
