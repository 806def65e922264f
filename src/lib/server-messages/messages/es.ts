import type { Translation } from '../../i18n/catalogue';
import type { en } from './en';

export default {
  'server.internal_error': '¡Algo salió mal!',
  'auth.no_session': 'No hay ninguna sesión activa',
  'account.no_tenant': 'No está asociado a ninguna empresa. Póngase en contacto con su administrador.',

  'quote.pickup_range': 'El punto de recogida debe tener una latitud de -90 a 90 y una longitud de -180 a 180',
  'quote.no_pickup_zone': 'Ninguna zona activa cubre el punto de recogida',
  'quote.dropoff_range': 'El punto de entrega debe tener una latitud de -90 a 90 y una longitud de -180 a 180',
  'quote.no_dropoff_zone': 'Ninguna zona activa cubre el punto de entrega',
  'quote.service_required': 'El servicio es obligatorio',
  'quote.service_not_found': 'Servicio no encontrado',
  'quote.service_inactive': 'El servicio {service} no está activo',
  'quote.weight_required': 'El peso es obligatorio',
  'quote.weight_range': 'El peso debe estar entre 0 y 100000 kg',
  'quote.no_price': 'No hay un precio activo para {service} de {origin} a {destination}',
  'quote.not_allowed': 'No tiene permiso para presupuestar entregas',

  'chat.conversation_not_found': 'Conversación no encontrada',
  'chat.conversation_archived': 'Esta conversación está archivada',
  'chat.message_empty': 'Escriba un mensaje',
  'chat.message_too_long': 'Un mensaje puede tener como máximo {max} caracteres',
  'chat.text_only': 'Solo se pueden enviar mensajes de texto',
  'chat.client_id_invalid': 'El id de cliente debe tener de 8 a 100 letras, dígitos o _.:-',

  'users.email_taken': 'Ya hay un usuario registrado con este correo electrónico',
  'users.self_role': 'No puede cambiar su propio rol',
  'users.self_deactivate': 'No puede desactivar su propia cuenta',
  'users.last_admin': 'Una empresa necesita al menos un administrador activo: primero haga administrador a otra persona',
  'users.not_admin': 'Solo un administrador activo de esta empresa puede gestionar usuarios',
  'users.not_found': 'Usuario no encontrado',
  'users.already_inactive': 'Este usuario ya está desactivado',
  'users.already_active': 'Este usuario ya está activo',
  'users.not_invited': 'Este usuario ya aceptó la invitación',
  'users.forbidden': 'No tiene permiso para cambiar este usuario',

  'api_keys.name_required': 'El nombre es obligatorio',
  'api_keys.name_too_long': 'El nombre debe tener como máximo {max} caracteres',
  'api_keys.description_too_long': 'La descripción debe tener como máximo {max} caracteres',
  'api_keys.expiry_in_past': 'La caducidad no puede ser anterior a ahora',
  'api_keys.inactive': 'Solo se pueden editar o revocar las claves de API activas',
  'api_keys.not_found': 'Clave de API no encontrada',
  'api_keys.not_admin': 'Solo un administrador activo de esta empresa puede gestionar las claves de API',
  'api_keys.business_users_only': 'Las claves de API solo se pueden emitir a usuarios de empresa',
} satisfies Translation<typeof en>;
