import type { Translation } from '../../../lib/i18n/catalogue';
import type { en } from './en';

export default {
  'putBack.noWarehouse': 'Ce retour n’indique aucun entrepôt où le remettre en stock.',
  'putBack.action': 'Remettre en stock',
  'putBack.title': 'Remettre {code} en stock',
  'putBack.description': 'Dans un emplacement de {warehouse}, en stock disponible ou endommagé.',
  'putBack.descriptionNoName': 'Dans un emplacement de l’entrepôt où il est revenu, en stock disponible ou endommagé.',
  'putBack.item': 'Article',
  'putBack.searchItems': 'Rechercher des articles',
  'putBack.bin': 'Emplacement',
  'putBack.searchBins': 'Rechercher des emplacements',
  'putBack.quantity': 'Quantité',
  'putBack.condition': 'État',
  'condition.available': 'Disponible',
  'condition.damaged': 'Endommagé',
  'putBack.cancel': 'Annuler',
  'putBack.done': '{units, plural, one {# unité remise} other {# unités remises}} en stock depuis {code}',
  'validation.item': 'L’article est obligatoire',
  'validation.bin': 'L’emplacement est obligatoire',
  'validation.quantity': 'La quantité doit être un nombre entier supérieur à 0',
  'validation.condition': 'L’état doit être disponible ou endommagé',
} satisfies Translation<typeof en>;
