import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'list.title': 'Affectations',
  'list.search': 'Rechercher une livraison, une référence, un chauffeur ou un véhicule',
  'list.add': 'Ajouter une affectation',
  'list.edit': 'Modifier',
  'list.rowLabel': '{delivery} pour {driver}',
  'list.someDelivery': 'livraison',
  'list.someDriver': 'chauffeur',
  'list.vehicleImage': 'Image de {name}',
  'list.noImage': 'Aucune image',
  'col.assignedBy': 'Affectée par',
  'col.driver': 'Chauffeur',
  'col.vehicle': 'Véhicule',
  'col.time': 'Heure d’affectation',
  'col.delivery': 'Livraison',
  'col.status': 'Statut',
  'notEditable': '{status, select, accepted {Seules les affectations en attente peuvent être modifiées ; celle-ci est acceptée} rejected {Seules les affectations en attente peuvent être modifiées ; celle-ci est refusée} completed {Seules les affectations en attente peuvent être modifiées ; celle-ci est terminée} cancelled {Seules les affectations en attente peuvent être modifiées ; celle-ci est annulée} other {Seules les affectations en attente peuvent être modifiées ; celle-ci est à l’état {status}}}',
  'fit.load': 'Charge de {weight, number} kg pour une capacité de {capacity, number} kg',
  'fit.loadShare': 'Charge de {weight, number} kg pour une capacité de {capacity, number} kg ({share, number} %)',
  'fit.ok': 'Le chauffeur, le véhicule et la livraison sont compatibles',
} satisfies Translation<typeof en>;
