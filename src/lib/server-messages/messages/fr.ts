import type { Translation } from '../../i18n/catalogue';
import type { en } from './en';

export default {
  'server.internal_error': 'Une erreur s’est produite !',
  'auth.no_session': 'Aucune session active',
  'account.no_tenant': 'Vous n’êtes associé à aucune entreprise. Veuillez contacter votre administrateur.',

  'quote.pickup_range': 'Le point d’enlèvement doit avoir une latitude de -90 à 90 et une longitude de -180 à 180',
  'quote.no_pickup_zone': 'Aucune zone active ne couvre le point d’enlèvement',
  'quote.dropoff_range': 'Le point de livraison doit avoir une latitude de -90 à 90 et une longitude de -180 à 180',
  'quote.no_dropoff_zone': 'Aucune zone active ne couvre le point de livraison',
  'quote.service_required': 'Le service est obligatoire',
  'quote.service_not_found': 'Service introuvable',
  'quote.service_inactive': 'Le service {service} n’est pas actif',
  'quote.weight_required': 'Le poids est obligatoire',
  'quote.weight_range': 'Le poids doit être compris entre 0 et 100000 kg',
  'quote.no_price': 'Aucun prix actif pour {service} de {origin} à {destination}',
  'quote.not_allowed': 'Vous n’avez pas la permission de chiffrer des livraisons',

  'chat.conversation_not_found': 'Conversation introuvable',
  'chat.conversation_archived': 'Cette conversation est archivée',
  'chat.message_empty': 'Écrivez un message',
  'chat.message_too_long': 'Un message peut comporter au plus {max} caractères',
  'chat.text_only': 'Seuls les messages texte peuvent être envoyés',
  'chat.client_id_invalid': 'L’identifiant client doit comporter de 8 à 100 lettres, chiffres ou _.:-',

  'users.email_taken': 'Un utilisateur avec cette adresse e-mail est déjà inscrit',
  'users.self_role': 'Vous ne pouvez pas changer votre propre rôle',
  'users.self_deactivate': 'Vous ne pouvez pas désactiver votre propre compte',
  'users.last_admin': 'Une entreprise a besoin d’au moins un administrateur actif : nommez d’abord quelqu’un d’autre administrateur',
  'users.not_admin': 'Seul un administrateur actif de cette entreprise peut gérer les utilisateurs',
  'users.not_found': 'Utilisateur introuvable',
  'users.already_inactive': 'Cet utilisateur est déjà désactivé',
  'users.already_active': 'Cet utilisateur est déjà actif',
  'users.not_invited': 'Cet utilisateur a déjà accepté l’invitation',
  'users.forbidden': 'Vous n’avez pas la permission de modifier cet utilisateur',

  'api_keys.name_required': 'Le nom est obligatoire',
  'api_keys.name_too_long': 'Le nom doit comporter au plus {max} caractères',
  'api_keys.description_too_long': 'La description doit comporter au plus {max} caractères',
  'api_keys.expiry_in_past': 'L’expiration ne peut pas être antérieure à maintenant',
  'api_keys.inactive': 'Seules les clés d’API actives peuvent être modifiées ou révoquées',
  'api_keys.not_found': 'Clé d’API introuvable',
  'api_keys.not_admin': 'Seul un administrateur actif de cette entreprise peut gérer les clés d’API',
  'api_keys.business_users_only': 'Les clés d’API ne peuvent être émises qu’aux utilisateurs d’entreprise',
} satisfies Translation<typeof en>;
