import type { Translation } from '../../i18n/catalogue';
import type { en } from './en';

export default {
  'event.created': 'Créée',
  'event.assigned': 'Attribuée',
  'event.reassigned': 'Réattribuée',
  'event.unassigned': 'Désattribuée',
  'event.rejected': 'Refusée par le chauffeur',
  'event.arrived_pickup': 'Arrivée à l’enlèvement',
  'event.arrived_dropoff': 'Arrivée à destination',
  'event.handed_over': 'Colis remis',
  'event.reopened': 'Rouverte',
} satisfies Translation<typeof en>;
