import { prefixedKeys } from '../../lib/i18n/prefixed-keys';
import type { ActivityKey } from './messages';
import { TABLE_KEYS, type TableName } from './table-words';

/** The grammatical gender of a noun, in a language whose sentences agree with it. */
export type Gender = 'masculine' | 'feminine';

/**
 * Each table's records as the activity's created and deleted sentences name them ('Se creó una entrega',
 * 'Un chauffeur a été créé'): `noun.<table>` for each table TABLE_KEYS words, so typed over the generated tables like it.
 */
export const NOUN_KEYS = prefixedKeys(Object.keys(TABLE_KEYS) as TableName[], 'noun.') satisfies Record<TableName, ActivityKey>;

/**
 * The gender of each table's noun (noun.<table> in messages/es.ts and fr.ts), which the Spanish and French sentences
 * select on for their articles and participles: a noun changed in a catalogue changes its gender here too. English
 * words have none. Typed over the generated tables, so a new table needs its genders as it needs its words.
 */
export const NOUN_GENDERS = {
  es: {
    addresses: 'feminine', // dirección
    admin_messages: 'masculine', // mensaje del administrador
    api_idempotency_keys: 'feminine', // clave de idempotencia de la API
    api_keys: 'feminine', // clave de API
    assignments: 'feminine', // asignación
    audit_log: 'feminine', // entrada del registro de actividad
    conversation_participants: 'masculine', // participante de una conversación
    conversation_support: 'masculine', // soporte del chat
    conversations: 'feminine', // conversación
    customer_preferences: 'feminine', // preferencia de cliente
    deliveries: 'feminine', // entrega
    delivery_events: 'masculine', // evento de entrega
    delivery_services: 'masculine', // servicio de entrega
    dispatcher_settings: 'masculine', // ajuste del despachador
    driver_positions: 'feminine', // posición de conductor
    drivers: 'masculine', // conductor
    exception_events: 'masculine', // evento de incidencia
    exceptions: 'feminine', // incidencia
    inventory_audit_events: 'masculine', // evento de auditoría de inventario
    inventory_audit_lines: 'feminine', // línea de auditoría de inventario
    inventory_audits: 'feminine', // auditoría de inventario
    inventory_items: 'masculine', // artículo de inventario
    inventory_reorder_points: 'masculine', // punto de reabastecimiento
    inventory_stock: 'masculine', // saldo de existencias
    inventory_transactions: 'masculine', // movimiento de inventario
    messages: 'masculine', // mensaje
    notifications: 'feminine', // notificación
    package_handoff_events: 'masculine', // evento de entrega de paquetes
    package_handoffs: 'feminine', // entrega de paquetes
    pick_order_events: 'masculine', // evento de orden de preparación
    pick_order_lines: 'feminine', // línea de orden de preparación
    pick_orders: 'feminine', // orden de preparación
    profiles: 'masculine', // usuario
    receive_order_events: 'masculine', // evento de orden de recepción
    receive_order_lines: 'feminine', // línea de orden de recepción
    receive_orders: 'feminine', // orden de recepción
    remittance_deliveries: 'feminine', // entrega liquidada
    remittances: 'feminine', // liquidación de efectivo
    return_request_events: 'masculine', // evento de solicitud de devolución
    return_requests: 'feminine', // solicitud de devolución
    suppliers: 'masculine', // proveedor
    support_acknowledgements: 'masculine', // seguimiento de soporte
    system_settings: 'masculine', // ajuste del sistema
    tenants: 'feminine', // configuración
    vehicles: 'masculine', // vehículo
    warehouse_locations: 'feminine', // ubicación de almacén
    warehouse_staff: 'masculine', // miembro del personal del almacén
    warehouses: 'masculine', // almacén
    webhook_attempts: 'masculine', // intento de webhook
    webhook_deliveries: 'masculine', // envío de webhook
    webhook_events: 'masculine', // evento de webhook
    webhook_modules: 'masculine', // módulo de webhook
    webhook_subscriptions: 'feminine', // suscripción de webhook
    zone_pricing: 'feminine', // tarifa por zona
    zones: 'feminine', // zona
  },
  fr: {
    addresses: 'feminine', // adresse
    admin_messages: 'masculine', // message de l’administrateur
    api_idempotency_keys: 'feminine', // clé d’idempotence de l’API
    api_keys: 'feminine', // clé d’API
    assignments: 'feminine', // affectation
    audit_log: 'feminine', // entrée du journal d’activité
    conversation_participants: 'masculine', // participant à une conversation
    conversation_support: 'feminine', // assistance de la messagerie
    conversations: 'feminine', // conversation
    customer_preferences: 'feminine', // préférence client
    deliveries: 'feminine', // livraison
    delivery_events: 'masculine', // événement de livraison
    delivery_services: 'masculine', // service de livraison
    dispatcher_settings: 'masculine', // paramètre du répartiteur
    driver_positions: 'feminine', // position de chauffeur
    drivers: 'masculine', // chauffeur
    exception_events: 'masculine', // événement d’incident
    exceptions: 'masculine', // incident
    inventory_audit_events: 'masculine', // événement d’inventaire
    inventory_audit_lines: 'feminine', // ligne d’inventaire
    inventory_audits: 'masculine', // inventaire
    inventory_items: 'masculine', // article en stock
    inventory_reorder_points: 'masculine', // seuil de réapprovisionnement
    inventory_stock: 'masculine', // solde de stock
    inventory_transactions: 'masculine', // mouvement de stock
    messages: 'masculine', // message
    notifications: 'feminine', // notification
    package_handoff_events: 'masculine', // événement de remise de colis
    package_handoffs: 'feminine', // remise de colis
    pick_order_events: 'masculine', // événement d’ordre de préparation
    pick_order_lines: 'feminine', // ligne d’ordre de préparation
    pick_orders: 'masculine', // ordre de préparation
    profiles: 'masculine', // utilisateur
    receive_order_events: 'masculine', // événement d’ordre de réception
    receive_order_lines: 'feminine', // ligne d’ordre de réception
    receive_orders: 'masculine', // ordre de réception
    remittance_deliveries: 'feminine', // livraison d’une remise
    remittances: 'feminine', // remise d’espèces
    return_request_events: 'masculine', // événement de demande de retour
    return_requests: 'feminine', // demande de retour
    suppliers: 'masculine', // fournisseur
    support_acknowledgements: 'masculine', // suivi de l’assistance
    system_settings: 'masculine', // paramètre du système
    tenants: 'feminine', // configuration
    vehicles: 'masculine', // véhicule
    warehouse_locations: 'masculine', // emplacement d’entrepôt
    warehouse_staff: 'masculine', // membre du personnel de l’entrepôt
    warehouses: 'masculine', // entrepôt
    webhook_attempts: 'feminine', // tentative de webhook
    webhook_deliveries: 'masculine', // envoi de webhook
    webhook_events: 'masculine', // événement de webhook
    webhook_modules: 'masculine', // module de webhook
    webhook_subscriptions: 'masculine', // abonnement aux webhooks
    zone_pricing: 'masculine', // tarif par zone
    zones: 'feminine', // zone
  },
} as const satisfies Record<'es' | 'fr', Record<TableName, Gender>>;
