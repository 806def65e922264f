/**
 * The server's refusals by their stable key (supabase/README.md, "Refusals and their keys"): the
 * database's problems and the edge functions' errors. The English is the server's own words, so a
 * key reads the same here as from an API client; `{name}` stands for the refusal's `params`.
 */
export const en = {
  'server.internal_error': 'Something went wrong!',
  'auth.no_session': 'No active session',
  'account.no_tenant': 'You are not associated with any tanent. Please contact your administrator.',

  'quote.pickup_range': 'Pickup point must have a latitude from -90 to 90 and a longitude from -180 to 180',
  'quote.no_pickup_zone': 'No active zone covers the pickup point',
  'quote.dropoff_range': 'Drop-off point must have a latitude from -90 to 90 and a longitude from -180 to 180',
  'quote.no_dropoff_zone': 'No active zone covers the drop-off point',
  'quote.service_required': 'Service is required',
  'quote.service_not_found': 'Service not found',
  'quote.service_inactive': 'Service {service} is not active',
  'quote.weight_required': 'Weight is required',
  'quote.weight_range': 'Weight must be from 0 to 100000 kg',
  'quote.no_price': 'No active price for {service} from {origin} to {destination}',
  'quote.not_allowed': 'You do not have permission to quote deliveries',

  'chat.conversation_not_found': 'Conversation not found',
  'chat.conversation_archived': 'This conversation is archived',
  'chat.message_empty': 'Write a message',
  'chat.message_too_long': 'A message can be at most {max} characters',
  'chat.text_only': 'Only text messages can be sent',
  'chat.client_id_invalid': 'The client id must be 8 to 100 letters, digits or _.:-',

  'users.email_taken': 'A user with this email address has already been registered',
  'users.self_role': 'You cannot change your own role',
  'users.self_deactivate': 'You cannot deactivate your own account',
  'users.last_admin': 'A business needs at least one active administrator: make someone else an administrator first',
  'users.not_admin': 'Only an active administrator of this business can manage users',
  'users.not_found': 'User not found',
  'users.already_inactive': 'This user is already deactivated',
  'users.already_active': 'This user is already active',
  'users.not_invited': 'This user has already accepted the invitation',
  'users.forbidden': 'You do not have permission to change this user',

  'api_keys.name_required': 'Name is required',
  'api_keys.name_too_long': 'Name must be at most {max} characters',
  'api_keys.description_too_long': 'Description must be at most {max} characters',
  'api_keys.expiry_in_past': 'Expiry cannot be earlier than now',
  'api_keys.inactive': 'Only active API keys can be edited or revoked',
  'api_keys.not_found': 'API key not found',
  'api_keys.not_admin': 'Only an active administrator of this business can manage API keys',
  'api_keys.business_users_only': 'API keys can only be issued to business users',

  'settings.not_admin': "Only the tenant's admins may change its settings",
  'settings.general_shape': 'General settings must be an object',
  'settings.name_required': 'Business name is required!',
  'settings.email_invalid': 'Enter a valid email address',
  'settings.phone_invalid': 'Phone number must have at least 10 digits',
  'settings.address_too_long': 'The address may be at most {max} characters',
  'settings.latitude_range': 'Latitude must be between -90 and 90',
  'settings.longitude_range': 'Longitude must be between -180 and 180',
  'settings.timezone_unknown': 'Choose a known time zone',
  'settings.currency_unknown': 'Choose a known currency',
  'settings.language_unknown': 'Choose English, Spanish or French',
  'settings.units_shape': 'Units must be an object',
  'settings.weight_unit': 'Weight is measured in kg or lb',
  'settings.volume_unit': 'Volume is measured in m³ or ft³',
  'settings.length_unit': 'Length is measured in cm or in',
  'settings.temperature_unit': 'Temperature is measured in °C or °F',
  'settings.maps_shape': 'Maps settings must be an object',
  'settings.maps_key_invalid': 'The maps key may contain only letters, digits, dots, dashes and underscores',
  'settings.picking_shape': 'Picking settings hold max_orders and max_lines',
  'settings.picking_max_orders': 'Max orders must be a whole number from {min} to {max}',
  'settings.picking_max_lines': 'Max lines must be a whole number from {min} to {max}',
} as const;

export type ServerKey = keyof typeof en;
