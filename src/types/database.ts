
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  
  "public": {
          Tables: {
            "addresses": {
                  Row: {
                    "address_line1": string,"address_line2": string | null,"address_type": string,"building": string,"city": string,"contact_info": NonNullable<Json>,"country": string,"created_at": string,"full_address": string | null,"id": string,"is_active": boolean,"is_primary": boolean,"latitude": number | null,"longitude": number | null,"metadata": NonNullable<Json>,"postal_code": string,"save_to_address_book": boolean,"state": string,"street": string,"tenant_id": string,"title": NonNullable<Json>,"updated_at": string,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "address_line1": string,"address_line2"?: string | null,"address_type"?: string,"building": string,"city": string,"contact_info"?: NonNullable<Json>,"country": string,"created_at"?: string,"full_address"?: never,"id"?: string,"is_active"?: boolean,"is_primary"?: boolean,"latitude"?: number | null,"longitude"?: number | null,"metadata"?: NonNullable<Json>,"postal_code": string,"save_to_address_book"?: boolean,"state": string,"street": string,"tenant_id"?: string,"title"?: NonNullable<Json>,"updated_at"?: string,"user_id"?: string | null
                  }
                  Update: {
                    "address_line1"?: string,"address_line2"?: string | null,"address_type"?: string,"building"?: string,"city"?: string,"contact_info"?: NonNullable<Json>,"country"?: string,"created_at"?: string,"full_address"?: never,"id"?: string,"is_active"?: boolean,"is_primary"?: boolean,"latitude"?: number | null,"longitude"?: number | null,"metadata"?: NonNullable<Json>,"postal_code"?: string,"save_to_address_book"?: boolean,"state"?: string,"street"?: string,"tenant_id"?: string,"title"?: NonNullable<Json>,"updated_at"?: string,"user_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "addresses_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "addresses_user_id_tenant_id_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "addresses_user_id_tenant_id_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"admin_messages": {
                  Row: {
                    "body": string,"created_at": string,"id": string,"recipients": number,"sender_id": string,"sender_name": string | null,"subject": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "body": string,"created_at"?: string,"id"?: string,"recipients"?: number,"sender_id": string,"sender_name"?: string | null,"subject": string,"tenant_id": string,"updated_at"?: string
                  }
                  Update: {
                    "body"?: string,"created_at"?: string,"id"?: string,"recipients"?: number,"sender_id"?: string,"sender_name"?: string | null,"subject"?: string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "admin_messages_sender_fkey"
      columns: ["sender_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "admin_messages_sender_fkey"
      columns: ["sender_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "admin_messages_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"api_idempotency_keys": {
                  Row: {
                    "api_key_id": string,"created_at": string,"expires_at": string,"id": string,"idempotency_key": string,"request_fingerprint": string,"response_body": Json | null,"response_status": number | null,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "api_key_id": string,"created_at"?: string,"expires_at"?: string,"id"?: string,"idempotency_key": string,"request_fingerprint": string,"response_body"?: Json | null,"response_status"?: number | null,"tenant_id": string
                  }
                  Update: {
                    "api_key_id"?: string,"created_at"?: string,"expires_at"?: string,"id"?: string,"idempotency_key"?: string,"request_fingerprint"?: string,"response_body"?: Json | null,"response_status"?: number | null,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "api_idempotency_keys_api_key_id_fkey"
      columns: ["api_key_id"]
isOneToOne: false
      referencedRelation: "api_keys"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "api_idempotency_keys_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"api_keys": {
                  Row: {
                    "created_at": string,"created_by": string | null,"description": string,"expires_at": string | null,"id": string,"is_active": boolean,"key_hash": string,"key_prefix": string,"last_used_at": string | null,"name": string,"revoked_at": string | null,"tenant_id": string,"updated_at": string,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"created_by"?: string | null,"description"?: string,"expires_at"?: string | null,"id"?: string,"is_active"?: boolean,"key_hash": string,"key_prefix": string,"last_used_at"?: string | null,"name": string,"revoked_at"?: string | null,"tenant_id"?: string,"updated_at"?: string,"user_id"?: string | null
                  }
                  Update: {
                    "created_at"?: string,"created_by"?: string | null,"description"?: string,"expires_at"?: string | null,"id"?: string,"is_active"?: boolean,"key_hash"?: string,"key_prefix"?: string,"last_used_at"?: string | null,"name"?: string,"revoked_at"?: string | null,"tenant_id"?: string,"updated_at"?: string,"user_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "api_keys_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "api_keys_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "api_keys_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "api_keys_user_id_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "api_keys_user_id_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"assignments": {
                  Row: {
                    "assigned_by": string | null,"assignment_time": string,"cancel_reason": string | null,"cancelled_at": string | null,"completed_at": string | null,"created_at": string,"delivery_id": string,"driver_id": string,"id": string,"notes": string,"rejection_reason": string | null,"responded_at": string | null,"status": string,"tenant_id": string,"updated_at": string,"vehicle_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "assigned_by"?: string | null,"assignment_time"?: string,"cancel_reason"?: string | null,"cancelled_at"?: string | null,"completed_at"?: string | null,"created_at"?: string,"delivery_id": string,"driver_id": string,"id"?: string,"notes"?: string,"rejection_reason"?: string | null,"responded_at"?: string | null,"status"?: string,"tenant_id"?: string,"updated_at"?: string,"vehicle_id": string
                  }
                  Update: {
                    "assigned_by"?: string | null,"assignment_time"?: string,"cancel_reason"?: string | null,"cancelled_at"?: string | null,"completed_at"?: string | null,"created_at"?: string,"delivery_id"?: string,"driver_id"?: string,"id"?: string,"notes"?: string,"rejection_reason"?: string | null,"responded_at"?: string | null,"status"?: string,"tenant_id"?: string,"updated_at"?: string,"vehicle_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "assignments_assigned_by_fkey"
      columns: ["assigned_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "assignments_assigned_by_fkey"
      columns: ["assigned_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "assignments_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "assignments_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "assignments_driver_fkey"
      columns: ["driver_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "assignments_driver_fkey"
      columns: ["driver_id","tenant_id"]
isOneToOne: false
      referencedRelation: "drivers"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "assignments_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "assignments_vehicle_fkey"
      columns: ["vehicle_id","tenant_id"]
isOneToOne: false
      referencedRelation: "vehicles"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"audit_log": {
                  Row: {
                    "action": string,"actor_id": string | null,"actor_name": string | null,"changed_columns": (string)[],"created_at": string,"id": string,"new_values": Json | null,"old_values": Json | null,"record_label": string | null,"row_id": string,"table_name": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "action": string,"actor_id"?: string | null,"actor_name"?: string | null,"changed_columns"?: (string)[],"created_at"?: string,"id"?: string,"new_values"?: Json | null,"old_values"?: Json | null,"record_label"?: string | null,"row_id": string,"table_name": string,"tenant_id": string,"updated_at"?: string
                  }
                  Update: {
                    "action"?: string,"actor_id"?: string | null,"actor_name"?: string | null,"changed_columns"?: (string)[],"created_at"?: string,"id"?: string,"new_values"?: Json | null,"old_values"?: Json | null,"record_label"?: string | null,"row_id"?: string,"table_name"?: string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "audit_log_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"conversation_participants": {
                  Row: {
                    "conversation_id": string,"id": string,"joined_at": string,"last_read_at": string | null,"role": string,"tenant_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "conversation_id": string,"id"?: string,"joined_at"?: string,"last_read_at"?: string | null,"role"?: string,"tenant_id": string,"user_id": string
                  }
                  Update: {
                    "conversation_id"?: string,"id"?: string,"joined_at"?: string,"last_read_at"?: string | null,"role"?: string,"tenant_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "conversation_participants_conversation_fkey"
      columns: ["conversation_id","tenant_id"]
isOneToOne: false
      referencedRelation: "conversations"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversation_participants_tenant_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "conversation_participants_user_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversation_participants_user_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"conversation_support": {
                  Row: {
                    "acknowledged_at": string | null,"acknowledged_by": string | null,"acknowledged_by_name": string | null,"conversation_id": string,"created_at": string,"customer_id": string,"delivery_id": string,"id": string,"last_customer_message_at": string,"note": string | null,"notified_at": string | null,"resolution_note": string | null,"resolved_at": string | null,"resolved_by": string | null,"resolved_by_name": string | null,"state": string,"tenant_id": string,"updated_at": string,"waiting_since": string
                  }
                  ComputedFields: never
                  Insert: {
                    "acknowledged_at"?: string | null,"acknowledged_by"?: string | null,"acknowledged_by_name"?: string | null,"conversation_id": string,"created_at"?: string,"customer_id": string,"delivery_id": string,"id"?: string,"last_customer_message_at"?: string,"note"?: string | null,"notified_at"?: string | null,"resolution_note"?: string | null,"resolved_at"?: string | null,"resolved_by"?: string | null,"resolved_by_name"?: string | null,"state"?: string,"tenant_id": string,"updated_at"?: string,"waiting_since"?: string
                  }
                  Update: {
                    "acknowledged_at"?: string | null,"acknowledged_by"?: string | null,"acknowledged_by_name"?: string | null,"conversation_id"?: string,"created_at"?: string,"customer_id"?: string,"delivery_id"?: string,"id"?: string,"last_customer_message_at"?: string,"note"?: string | null,"notified_at"?: string | null,"resolution_note"?: string | null,"resolved_at"?: string | null,"resolved_by"?: string | null,"resolved_by_name"?: string | null,"state"?: string,"tenant_id"?: string,"updated_at"?: string,"waiting_since"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "conversation_support_acknowledged_by_fkey"
      columns: ["acknowledged_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "conversation_support_acknowledged_by_fkey"
      columns: ["acknowledged_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "conversation_support_conversation_fkey"
      columns: ["conversation_id","tenant_id"]
isOneToOne: false
      referencedRelation: "conversations"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversation_support_customer_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversation_support_customer_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversation_support_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversation_support_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversation_support_resolved_by_fkey"
      columns: ["resolved_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "conversation_support_resolved_by_fkey"
      columns: ["resolved_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "conversation_support_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"conversations": {
                  Row: {
                    "created_at": string,"created_by": string | null,"delivery_id": string | null,"id": string,"is_archived": boolean,"last_message_at": string | null,"metadata": NonNullable<Json>,"tenant_id": string,"title": string,"type": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"created_by"?: string | null,"delivery_id"?: string | null,"id"?: string,"is_archived"?: boolean,"last_message_at"?: string | null,"metadata"?: NonNullable<Json>,"tenant_id": string,"title": string,"type": string,"updated_at"?: string
                  }
                  Update: {
                    "created_at"?: string,"created_by"?: string | null,"delivery_id"?: string | null,"id"?: string,"is_archived"?: boolean,"last_message_at"?: string | null,"metadata"?: NonNullable<Json>,"tenant_id"?: string,"title"?: string,"type"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "conversations_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "conversations_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "conversations_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversations_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversations_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"customer_preferences": {
                  Row: {
                    "contact_preferences": NonNullable<Json>,"created_at": string,"customer_id": string,"delivery_instructions": string,"delivery_options": NonNullable<Json>,"delivery_preferences": NonNullable<Json>,"description": string,"id": string,"is_active": boolean,"location_id": string,"name": string,"notification_preferences": NonNullable<Json>,"preferred_day_of_week": number,"preferred_time_end": string,"preferred_time_start": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "contact_preferences"?: NonNullable<Json>,"created_at"?: string,"customer_id": string,"delivery_instructions"?: string,"delivery_options"?: NonNullable<Json>,"delivery_preferences"?: NonNullable<Json>,"description"?: string,"id"?: string,"is_active"?: boolean,"location_id": string,"name": string,"notification_preferences"?: NonNullable<Json>,"preferred_day_of_week": number,"preferred_time_end": string,"preferred_time_start": string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Update: {
                    "contact_preferences"?: NonNullable<Json>,"created_at"?: string,"customer_id"?: string,"delivery_instructions"?: string,"delivery_options"?: NonNullable<Json>,"delivery_preferences"?: NonNullable<Json>,"description"?: string,"id"?: string,"is_active"?: boolean,"location_id"?: string,"name"?: string,"notification_preferences"?: NonNullable<Json>,"preferred_day_of_week"?: number,"preferred_time_end"?: string,"preferred_time_start"?: string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "customer_preferences_customer_id_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "customer_preferences_customer_id_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "customer_preferences_location_id_fkey"
      columns: ["location_id"]
isOneToOne: false
      referencedRelation: "addresses"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "customer_preferences_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"deliveries": {
                  Row: {
                    "accepted_at": string | null,"assigned_at": string | null,"barcode": string,"cancelled_at": string | null,"cod_amount": number,"created_at": string,"created_by": string | null,"currency": string,"customer_id": string,"delivered_at": string | null,"delivery_code": string,"driver_id": string | null,"dropoff_address": NonNullable<Json>,"dropoff_address_id": string | null,"dropoff_lat": number,"dropoff_lng": number,"dropoff_window_end": string | null,"dropoff_window_start": string | null,"dropoff_zone_id": string | null,"external_reference_id": string | null,"failed_at": string | null,"id": string,"in_transit_at": string | null,"kind": string,"notes": string,"order_id": string | null,"package_count": number,"packages": NonNullable<Json>,"picked_up_at": string | null,"pickup_address": NonNullable<Json>,"pickup_address_id": string | null,"pickup_lat": number,"pickup_lng": number,"pickup_window_end": string | null,"pickup_window_start": string | null,"pickup_zone_id": string | null,"price": number,"price_override_reason": string | null,"priority": string,"proof": NonNullable<Json>,"quote": Json | null,"returned_at": string | null,"service_id": string,"status": string,"status_reason": string | null,"tenant_id": string,"total_weight_kg": number,"tracking_token": string,"updated_at": string,"vehicle_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "accepted_at"?: string | null,"assigned_at"?: string | null,"barcode": string,"cancelled_at"?: string | null,"cod_amount"?: number,"created_at"?: string,"created_by"?: string | null,"currency"?: string,"customer_id": string,"delivered_at"?: string | null,"delivery_code": string,"driver_id"?: string | null,"dropoff_address"?: NonNullable<Json>,"dropoff_address_id"?: string | null,"dropoff_lat": number,"dropoff_lng": number,"dropoff_window_end"?: string | null,"dropoff_window_start"?: string | null,"dropoff_zone_id"?: string | null,"external_reference_id"?: string | null,"failed_at"?: string | null,"id"?: string,"in_transit_at"?: string | null,"kind"?: string,"notes"?: string,"order_id"?: string | null,"package_count"?: number,"packages"?: NonNullable<Json>,"picked_up_at"?: string | null,"pickup_address"?: NonNullable<Json>,"pickup_address_id"?: string | null,"pickup_lat": number,"pickup_lng": number,"pickup_window_end"?: string | null,"pickup_window_start"?: string | null,"pickup_zone_id"?: string | null,"price"?: number,"price_override_reason"?: string | null,"priority"?: string,"proof"?: NonNullable<Json>,"quote"?: Json | null,"returned_at"?: string | null,"service_id": string,"status"?: string,"status_reason"?: string | null,"tenant_id"?: string,"total_weight_kg"?: number,"tracking_token"?: string,"updated_at"?: string,"vehicle_id"?: string | null
                  }
                  Update: {
                    "accepted_at"?: string | null,"assigned_at"?: string | null,"barcode"?: string,"cancelled_at"?: string | null,"cod_amount"?: number,"created_at"?: string,"created_by"?: string | null,"currency"?: string,"customer_id"?: string,"delivered_at"?: string | null,"delivery_code"?: string,"driver_id"?: string | null,"dropoff_address"?: NonNullable<Json>,"dropoff_address_id"?: string | null,"dropoff_lat"?: number,"dropoff_lng"?: number,"dropoff_window_end"?: string | null,"dropoff_window_start"?: string | null,"dropoff_zone_id"?: string | null,"external_reference_id"?: string | null,"failed_at"?: string | null,"id"?: string,"in_transit_at"?: string | null,"kind"?: string,"notes"?: string,"order_id"?: string | null,"package_count"?: number,"packages"?: NonNullable<Json>,"picked_up_at"?: string | null,"pickup_address"?: NonNullable<Json>,"pickup_address_id"?: string | null,"pickup_lat"?: number,"pickup_lng"?: number,"pickup_window_end"?: string | null,"pickup_window_start"?: string | null,"pickup_zone_id"?: string | null,"price"?: number,"price_override_reason"?: string | null,"priority"?: string,"proof"?: NonNullable<Json>,"quote"?: Json | null,"returned_at"?: string | null,"service_id"?: string,"status"?: string,"status_reason"?: string | null,"tenant_id"?: string,"total_weight_kg"?: number,"tracking_token"?: string,"updated_at"?: string,"vehicle_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "deliveries_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "deliveries_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "deliveries_customer_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_customer_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_driver_fkey"
      columns: ["driver_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_driver_fkey"
      columns: ["driver_id","tenant_id"]
isOneToOne: false
      referencedRelation: "drivers"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_dropoff_address_fkey"
      columns: ["dropoff_address_id"]
isOneToOne: false
      referencedRelation: "addresses"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "deliveries_dropoff_zone_fkey"
      columns: ["dropoff_zone_id","tenant_id"]
isOneToOne: false
      referencedRelation: "zones"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_pickup_address_fkey"
      columns: ["pickup_address_id"]
isOneToOne: false
      referencedRelation: "addresses"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "deliveries_pickup_zone_fkey"
      columns: ["pickup_zone_id","tenant_id"]
isOneToOne: false
      referencedRelation: "zones"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_service_fkey"
      columns: ["service_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_services"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "deliveries_vehicle_fkey"
      columns: ["vehicle_id","tenant_id"]
isOneToOne: false
      referencedRelation: "vehicles"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"delivery_events": {
                  Row: {
                    "action": string,"actor_id": string | null,"actor_name": string | null,"assignment_id": string | null,"delivery_id": string,"driver_id": string | null,"from_status": string | null,"id": string,"idempotency_key": string | null,"lat": number | null,"lng": number | null,"note": string | null,"occurred_at": string,"proof": Json | null,"reason": string | null,"recorded_at": string,"seq": number,"status": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "action": string,"actor_id"?: string | null,"actor_name"?: string | null,"assignment_id"?: string | null,"delivery_id": string,"driver_id"?: string | null,"from_status"?: string | null,"id"?: string,"idempotency_key"?: string | null,"lat"?: number | null,"lng"?: number | null,"note"?: string | null,"occurred_at"?: string,"proof"?: Json | null,"reason"?: string | null,"recorded_at"?: string,"seq"?: never,"status": string,"tenant_id": string
                  }
                  Update: {
                    "action"?: string,"actor_id"?: string | null,"actor_name"?: string | null,"assignment_id"?: string | null,"delivery_id"?: string,"driver_id"?: string | null,"from_status"?: string | null,"id"?: string,"idempotency_key"?: string | null,"lat"?: number | null,"lng"?: number | null,"note"?: string | null,"occurred_at"?: string,"proof"?: Json | null,"reason"?: string | null,"recorded_at"?: string,"seq"?: never,"status"?: string,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "delivery_events_actor_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "delivery_events_actor_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "delivery_events_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "delivery_events_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "delivery_events_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"delivery_services": {
                  Row: {
                    "active": boolean,"code": string,"created_at": string,"description": string,"id": string,"kind": string,"max_transit_hours": number,"min_transit_hours": number,"name": string,"required_vehicle_features": (string)[],"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "active"?: boolean,"code": string,"created_at"?: string,"description"?: string,"id"?: string,"kind": string,"max_transit_hours": number,"min_transit_hours": number,"name": string,"required_vehicle_features"?: (string)[],"tenant_id"?: string,"updated_at"?: string
                  }
                  Update: {
                    "active"?: boolean,"code"?: string,"created_at"?: string,"description"?: string,"id"?: string,"kind"?: string,"max_transit_hours"?: number,"min_transit_hours"?: number,"name"?: string,"required_vehicle_features"?: (string)[],"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "delivery_services_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"dispatcher_settings": {
                  Row: {
                    "auto_assign_mode": string,"created_at": string,"default_board_filters": NonNullable<Json>,"id": string,"late_threshold_minutes": number,"sound_on_new_unassigned": boolean,"tenant_id": string,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "auto_assign_mode"?: string,"created_at"?: string,"default_board_filters"?: NonNullable<Json>,"id"?: string,"late_threshold_minutes"?: number,"sound_on_new_unassigned"?: boolean,"tenant_id"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "auto_assign_mode"?: string,"created_at"?: string,"default_board_filters"?: NonNullable<Json>,"id"?: string,"late_threshold_minutes"?: number,"sound_on_new_unassigned"?: boolean,"tenant_id"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "dispatcher_settings_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "dispatcher_settings_user_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "dispatcher_settings_user_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"driver_positions": {
                  Row: {
                    "accuracy": number | null,"created_at": string,"driver_id": string,"heading": number | null,"id": string,"lat": number,"lng": number,"recorded_at": string,"speed": number | null,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "accuracy"?: number | null,"created_at"?: string,"driver_id": string,"heading"?: number | null,"id"?: string,"lat": number,"lng": number,"recorded_at": string,"speed"?: number | null,"tenant_id": string
                  }
                  Update: {
                    "accuracy"?: number | null,"created_at"?: string,"driver_id"?: string,"heading"?: number | null,"id"?: string,"lat"?: number,"lng"?: number,"recorded_at"?: string,"speed"?: number | null,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "driver_positions_driver_fkey"
      columns: ["driver_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "driver_positions_driver_fkey"
      columns: ["driver_id","tenant_id"]
isOneToOne: false
      referencedRelation: "drivers"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "driver_positions_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"drivers": {
                  Row: {
                    "created_at": string,"default_vehicle_id": string | null,"home_zone_id": string | null,"id": string,"last_accuracy": number | null,"last_heading": number | null,"last_lat": number | null,"last_lng": number | null,"last_position_at": string | null,"last_speed": number | null,"licence_class": string,"licence_expiry": string,"licence_number": string,"notes": string,"phone": string | null,"status": string,"status_changed_at": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"default_vehicle_id"?: string | null,"home_zone_id"?: string | null,"id": string,"last_accuracy"?: number | null,"last_heading"?: number | null,"last_lat"?: number | null,"last_lng"?: number | null,"last_position_at"?: string | null,"last_speed"?: number | null,"licence_class"?: string,"licence_expiry": string,"licence_number": string,"notes"?: string,"phone"?: string | null,"status"?: string,"status_changed_at"?: string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Update: {
                    "created_at"?: string,"default_vehicle_id"?: string | null,"home_zone_id"?: string | null,"id"?: string,"last_accuracy"?: number | null,"last_heading"?: number | null,"last_lat"?: number | null,"last_lng"?: number | null,"last_position_at"?: string | null,"last_speed"?: number | null,"licence_class"?: string,"licence_expiry"?: string,"licence_number"?: string,"notes"?: string,"phone"?: string | null,"status"?: string,"status_changed_at"?: string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "drivers_default_vehicle_fkey"
      columns: ["default_vehicle_id","tenant_id"]
isOneToOne: false
      referencedRelation: "vehicles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "drivers_home_zone_fkey"
      columns: ["home_zone_id","tenant_id"]
isOneToOne: false
      referencedRelation: "zones"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "drivers_profile_fkey"
      columns: ["id","tenant_id"]
isOneToOne: true
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "drivers_profile_fkey"
      columns: ["id","tenant_id"]
isOneToOne: true
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "drivers_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"exception_events": {
                  Row: {
                    "actor_id": string | null,"actor_name": string | null,"created_at": string,"exception_id": string,"from_status": string | null,"id": string,"note": string | null,"occurred_at": string,"seq": number,"status": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "actor_id"?: string | null,"actor_name"?: string | null,"created_at"?: string,"exception_id": string,"from_status"?: string | null,"id"?: string,"note"?: string | null,"occurred_at"?: string,"seq"?: never,"status": string,"tenant_id": string,"updated_at"?: string
                  }
                  Update: {
                    "actor_id"?: string | null,"actor_name"?: string | null,"created_at"?: string,"exception_id"?: string,"from_status"?: string | null,"id"?: string,"note"?: string | null,"occurred_at"?: string,"seq"?: never,"status"?: string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "exception_events_actor_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "exception_events_actor_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "exception_events_exception_fkey"
      columns: ["exception_id","tenant_id"]
isOneToOne: false
      referencedRelation: "exception_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "exception_events_exception_fkey"
      columns: ["exception_id","tenant_id"]
isOneToOne: false
      referencedRelation: "exceptions"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "exception_events_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"exceptions": {
                  Row: {
                    "assigned_to": string | null,"created_at": string,"delivery_id": string,"description": string,"exception_code": string,"id": string,"photos": NonNullable<Json>,"reported_by": string | null,"resolution_notes": string | null,"resolved_at": string | null,"resolved_by": string | null,"severity": string,"status": string,"tenant_id": string,"type": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "assigned_to"?: string | null,"created_at"?: string,"delivery_id": string,"description": string,"exception_code": string,"id"?: string,"photos"?: NonNullable<Json>,"reported_by"?: string | null,"resolution_notes"?: string | null,"resolved_at"?: string | null,"resolved_by"?: string | null,"severity"?: string,"status"?: string,"tenant_id"?: string,"type": string,"updated_at"?: string
                  }
                  Update: {
                    "assigned_to"?: string | null,"created_at"?: string,"delivery_id"?: string,"description"?: string,"exception_code"?: string,"id"?: string,"photos"?: NonNullable<Json>,"reported_by"?: string | null,"resolution_notes"?: string | null,"resolved_at"?: string | null,"resolved_by"?: string | null,"severity"?: string,"status"?: string,"tenant_id"?: string,"type"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "exceptions_assigned_to_fkey"
      columns: ["assigned_to","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "exceptions_assigned_to_fkey"
      columns: ["assigned_to","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "exceptions_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "exceptions_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "exceptions_reported_by_fkey"
      columns: ["reported_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "exceptions_reported_by_fkey"
      columns: ["reported_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "exceptions_resolved_by_fkey"
      columns: ["resolved_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "exceptions_resolved_by_fkey"
      columns: ["resolved_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "exceptions_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"inventory_audit_events": {
                  Row: {
                    "actor_id": string | null,"actor_name": string | null,"audit_id": string,"from_status": string | null,"id": string,"note": string | null,"occurred_at": string,"seq": number,"status": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "actor_id"?: string | null,"actor_name"?: string | null,"audit_id": string,"from_status"?: string | null,"id"?: string,"note"?: string | null,"occurred_at"?: string,"seq"?: never,"status": string,"tenant_id": string
                  }
                  Update: {
                    "actor_id"?: string | null,"actor_name"?: string | null,"audit_id"?: string,"from_status"?: string | null,"id"?: string,"note"?: string | null,"occurred_at"?: string,"seq"?: never,"status"?: string,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "inventory_audit_events_actor_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "inventory_audit_events_actor_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "inventory_audit_events_audit_fkey"
      columns: ["audit_id","tenant_id"]
isOneToOne: false
      referencedRelation: "inventory_audit_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audit_events_audit_fkey"
      columns: ["audit_id","tenant_id"]
isOneToOne: false
      referencedRelation: "inventory_audits"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audit_events_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"inventory_audit_lines": {
                  Row: {
                    "audit_id": string,"bin_id": string,"counted_at": string | null,"counted_by": string | null,"counted_quantity": number | null,"created_at": string,"expected_quantity": number,"id": string,"item_id": string,"lot_number": string | null,"moved_while_open": boolean,"open": boolean,"position": number,"reason": string | null,"recount_round": number,"serial_number": string | null,"snapshot_at": string,"stock_status": string,"tenant_id": string,"updated_at": string,"variance": number | null,"warehouse_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "audit_id": string,"bin_id": string,"counted_at"?: string | null,"counted_by"?: string | null,"counted_quantity"?: number | null,"created_at"?: string,"expected_quantity": number,"id"?: string,"item_id": string,"lot_number"?: string | null,"moved_while_open"?: boolean,"open"?: boolean,"position": number,"reason"?: string | null,"recount_round"?: number,"serial_number"?: string | null,"snapshot_at"?: string,"stock_status"?: string,"tenant_id": string,"updated_at"?: string,"variance"?: never,"warehouse_id": string
                  }
                  Update: {
                    "audit_id"?: string,"bin_id"?: string,"counted_at"?: string | null,"counted_by"?: string | null,"counted_quantity"?: number | null,"created_at"?: string,"expected_quantity"?: number,"id"?: string,"item_id"?: string,"lot_number"?: string | null,"moved_while_open"?: boolean,"open"?: boolean,"position"?: number,"reason"?: string | null,"recount_round"?: number,"serial_number"?: string | null,"snapshot_at"?: string,"stock_status"?: string,"tenant_id"?: string,"updated_at"?: string,"variance"?: never,"warehouse_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "inventory_audit_lines_audit_fkey"
      columns: ["audit_id","tenant_id"]
isOneToOne: false
      referencedRelation: "inventory_audit_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audit_lines_audit_fkey"
      columns: ["audit_id","tenant_id"]
isOneToOne: false
      referencedRelation: "inventory_audits"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audit_lines_bin_fkey"
      columns: ["bin_id","warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouse_locations"
      referencedColumns: ["id","warehouse_id"]
    },{
      foreignKeyName: "inventory_audit_lines_counted_by_fkey"
      columns: ["counted_by","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audit_lines_counted_by_fkey"
      columns: ["counted_by","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audit_lines_item_fkey"
      columns: ["item_id","tenant_id"]
isOneToOne: false
      referencedRelation: "inventory_items"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audit_lines_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"inventory_audits": {
                  Row: {
                    "audit_type": string,"cancelled_at": string | null,"completed_at": string | null,"completed_by": string | null,"created_at": string,"created_by": string | null,"id": string,"notes": string | null,"scheduled_date": string | null,"scope_item_ids": (string)[],"scope_location_ids": (string)[],"started_at": string | null,"status": string,"tenant_id": string,"updated_at": string,"warehouse_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "audit_type": string,"cancelled_at"?: string | null,"completed_at"?: string | null,"completed_by"?: string | null,"created_at"?: string,"created_by"?: string | null,"id"?: string,"notes"?: string | null,"scheduled_date"?: string | null,"scope_item_ids"?: (string)[],"scope_location_ids"?: (string)[],"started_at"?: string | null,"status"?: string,"tenant_id": string,"updated_at"?: string,"warehouse_id": string
                  }
                  Update: {
                    "audit_type"?: string,"cancelled_at"?: string | null,"completed_at"?: string | null,"completed_by"?: string | null,"created_at"?: string,"created_by"?: string | null,"id"?: string,"notes"?: string | null,"scheduled_date"?: string | null,"scope_item_ids"?: (string)[],"scope_location_ids"?: (string)[],"started_at"?: string | null,"status"?: string,"tenant_id"?: string,"updated_at"?: string,"warehouse_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "inventory_audits_completed_by_fkey"
      columns: ["completed_by","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audits_completed_by_fkey"
      columns: ["completed_by","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audits_created_by_fkey"
      columns: ["created_by","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audits_created_by_fkey"
      columns: ["created_by","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audits_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "inventory_audits_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"inventory_items": {
                  Row: {
                    "attributes": NonNullable<Json>,"barcode": string | null,"brand": string | null,"category": string | null,"created_at": string,"description": string | null,"dimensions": NonNullable<Json>,"id": string,"is_active": boolean,"label_error": string | null,"label_status": string,"label_url": string | null,"model": string | null,"name": string,"sku": string,"subcategory": string | null,"tenant_id": string,"unit_size": number,"updated_at": string,"weight": number | null
                  }
                  ComputedFields: never
                  Insert: {
                    "attributes"?: NonNullable<Json>,"barcode"?: string | null,"brand"?: string | null,"category"?: string | null,"created_at"?: string,"description"?: string | null,"dimensions"?: NonNullable<Json>,"id"?: string,"is_active"?: boolean,"label_error"?: string | null,"label_status"?: string,"label_url"?: string | null,"model"?: string | null,"name": string,"sku": string,"subcategory"?: string | null,"tenant_id"?: string,"unit_size"?: number,"updated_at"?: string,"weight"?: number | null
                  }
                  Update: {
                    "attributes"?: NonNullable<Json>,"barcode"?: string | null,"brand"?: string | null,"category"?: string | null,"created_at"?: string,"description"?: string | null,"dimensions"?: NonNullable<Json>,"id"?: string,"is_active"?: boolean,"label_error"?: string | null,"label_status"?: string,"label_url"?: string | null,"model"?: string | null,"name"?: string,"sku"?: string,"subcategory"?: string | null,"tenant_id"?: string,"unit_size"?: number,"updated_at"?: string,"weight"?: number | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "inventory_items_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"inventory_reorder_points": {
                  Row: {
                    "below_notified_at": string | null,"created_at": string,"id": string,"item_id": string,"reorder_point": number,"tenant_id": string,"updated_at": string,"warehouse_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "below_notified_at"?: string | null,"created_at"?: string,"id"?: string,"item_id": string,"reorder_point": number,"tenant_id"?: string,"updated_at"?: string,"warehouse_id": string
                  }
                  Update: {
                    "below_notified_at"?: string | null,"created_at"?: string,"id"?: string,"item_id"?: string,"reorder_point"?: number,"tenant_id"?: string,"updated_at"?: string,"warehouse_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "inventory_reorder_points_item_fkey"
      columns: ["item_id","tenant_id"]
isOneToOne: false
      referencedRelation: "inventory_items"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_reorder_points_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "inventory_reorder_points_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"inventory_stock": {
                  Row: {
                    "bin_id": string,"created_at": string,"id": string,"item_id": string,"last_counted_at": string | null,"lot_number": string | null,"quantity": number,"reserved": number,"serial_number": string | null,"status": string,"tenant_id": string,"updated_at": string,"warehouse_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "bin_id": string,"created_at"?: string,"id"?: string,"item_id": string,"last_counted_at"?: string | null,"lot_number"?: string | null,"quantity"?: number,"reserved"?: number,"serial_number"?: string | null,"status"?: string,"tenant_id": string,"updated_at"?: string,"warehouse_id": string
                  }
                  Update: {
                    "bin_id"?: string,"created_at"?: string,"id"?: string,"item_id"?: string,"last_counted_at"?: string | null,"lot_number"?: string | null,"quantity"?: number,"reserved"?: number,"serial_number"?: string | null,"status"?: string,"tenant_id"?: string,"updated_at"?: string,"warehouse_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "inventory_stock_bin_fkey"
      columns: ["bin_id","warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouse_locations"
      referencedColumns: ["id","warehouse_id"]
    },{
      foreignKeyName: "inventory_stock_item_fkey"
      columns: ["item_id","tenant_id"]
isOneToOne: false
      referencedRelation: "inventory_items"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_stock_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "inventory_stock_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"inventory_transactions": {
                  Row: {
                    "created_at": string,"from_bin_id": string | null,"id": string,"item_id": string,"lot_number": string | null,"performed_by": string | null,"quantity": number,"reason": string | null,"reference_id": string | null,"reference_type": string,"serial_number": string | null,"stock_status": string,"tenant_id": string,"to_bin_id": string | null,"transaction_type": string,"warehouse_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"from_bin_id"?: string | null,"id"?: string,"item_id": string,"lot_number"?: string | null,"performed_by"?: string | null,"quantity": number,"reason"?: string | null,"reference_id"?: string | null,"reference_type"?: string,"serial_number"?: string | null,"stock_status"?: string,"tenant_id": string,"to_bin_id"?: string | null,"transaction_type": string,"warehouse_id": string
                  }
                  Update: {
                    "created_at"?: string,"from_bin_id"?: string | null,"id"?: string,"item_id"?: string,"lot_number"?: string | null,"performed_by"?: string | null,"quantity"?: number,"reason"?: string | null,"reference_id"?: string | null,"reference_type"?: string,"serial_number"?: string | null,"stock_status"?: string,"tenant_id"?: string,"to_bin_id"?: string | null,"transaction_type"?: string,"warehouse_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "inventory_transactions_from_bin_fkey"
      columns: ["from_bin_id","warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouse_locations"
      referencedColumns: ["id","warehouse_id"]
    },{
      foreignKeyName: "inventory_transactions_item_fkey"
      columns: ["item_id","tenant_id"]
isOneToOne: false
      referencedRelation: "inventory_items"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_transactions_performed_by_fkey"
      columns: ["performed_by","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_transactions_performed_by_fkey"
      columns: ["performed_by","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_transactions_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "inventory_transactions_to_bin_fkey"
      columns: ["to_bin_id","warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouse_locations"
      referencedColumns: ["id","warehouse_id"]
    },{
      foreignKeyName: "inventory_transactions_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"messages": {
                  Row: {
                    "client_id": string | null,"content": string,"conversation_id": string,"created_at": string,"id": string,"message_type": string,"sender_id": string | null,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "client_id"?: string | null,"content": string,"conversation_id": string,"created_at"?: string,"id"?: string,"message_type"?: string,"sender_id"?: string | null,"tenant_id": string,"updated_at"?: string
                  }
                  Update: {
                    "client_id"?: string | null,"content"?: string,"conversation_id"?: string,"created_at"?: string,"id"?: string,"message_type"?: string,"sender_id"?: string | null,"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "messages_conversation_fkey"
      columns: ["conversation_id","tenant_id"]
isOneToOne: false
      referencedRelation: "conversations"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "messages_sender_fkey"
      columns: ["sender_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "messages_sender_fkey"
      columns: ["sender_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "messages_tenant_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"notifications": {
                  Row: {
                    "body": string | null,"created_at": string,"id": string,"link": string | null,"read_at": string | null,"tenant_id": string,"title": string,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "body"?: string | null,"created_at"?: string,"id"?: string,"link"?: string | null,"read_at"?: string | null,"tenant_id": string,"title": string,"updated_at"?: string,"user_id": string
                  }
                  Update: {
                    "body"?: string | null,"created_at"?: string,"id"?: string,"link"?: string | null,"read_at"?: string | null,"tenant_id"?: string,"title"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "notifications_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "notifications_user_id_tenant_id_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "notifications_user_id_tenant_id_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"package_handoff_events": {
                  Row: {
                    "actor_id": string | null,"actor_name": string | null,"from_status": string | null,"id": string,"occurred_at": string,"package_handoff_id": string,"seq": number,"status": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "actor_id"?: string | null,"actor_name"?: string | null,"from_status"?: string | null,"id"?: string,"occurred_at"?: string,"package_handoff_id": string,"seq"?: never,"status": string,"tenant_id": string
                  }
                  Update: {
                    "actor_id"?: string | null,"actor_name"?: string | null,"from_status"?: string | null,"id"?: string,"occurred_at"?: string,"package_handoff_id"?: string,"seq"?: never,"status"?: string,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "package_handoff_events_actor_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "package_handoff_events_actor_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "package_handoff_events_handoff_fkey"
      columns: ["package_handoff_id","tenant_id"]
isOneToOne: false
      referencedRelation: "package_handoff_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoff_events_handoff_fkey"
      columns: ["package_handoff_id","tenant_id"]
isOneToOne: false
      referencedRelation: "package_handoffs"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoff_events_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"package_handoffs": {
                  Row: {
                    "completed_at": string | null,"created_at": string,"created_by": string | null,"delivery_id": string,"id": string,"initiated_at": string,"notes": string | null,"picking_order_id": string,"signature_url": string,"status": string,"tenant_id": string,"updated_at": string,"warehouse_id": string,"warehouse_staff_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "completed_at"?: string | null,"created_at"?: string,"created_by"?: string | null,"delivery_id": string,"id"?: string,"initiated_at"?: string,"notes"?: string | null,"picking_order_id": string,"signature_url": string,"status"?: string,"tenant_id": string,"updated_at"?: string,"warehouse_id": string,"warehouse_staff_id": string
                  }
                  Update: {
                    "completed_at"?: string | null,"created_at"?: string,"created_by"?: string | null,"delivery_id"?: string,"id"?: string,"initiated_at"?: string,"notes"?: string | null,"picking_order_id"?: string,"signature_url"?: string,"status"?: string,"tenant_id"?: string,"updated_at"?: string,"warehouse_id"?: string,"warehouse_staff_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "package_handoffs_created_by_fkey"
      columns: ["created_by","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoffs_created_by_fkey"
      columns: ["created_by","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoffs_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoffs_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoffs_picking_order_fkey"
      columns: ["picking_order_id","tenant_id"]
isOneToOne: false
      referencedRelation: "pick_order_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoffs_picking_order_fkey"
      columns: ["picking_order_id","tenant_id"]
isOneToOne: false
      referencedRelation: "pick_orders"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoffs_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "package_handoffs_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoffs_warehouse_staff_id_fkey"
      columns: ["warehouse_staff_id"]
isOneToOne: false
      referencedRelation: "warehouse_staff"
      referencedColumns: ["id"]
    }
                  ]
                },"pick_order_events": {
                  Row: {
                    "actor_id": string | null,"actor_name": string | null,"from_status": string | null,"id": string,"note": string | null,"occurred_at": string,"pick_order_id": string,"seq": number,"status": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "actor_id"?: string | null,"actor_name"?: string | null,"from_status"?: string | null,"id"?: string,"note"?: string | null,"occurred_at"?: string,"pick_order_id": string,"seq"?: never,"status": string,"tenant_id": string
                  }
                  Update: {
                    "actor_id"?: string | null,"actor_name"?: string | null,"from_status"?: string | null,"id"?: string,"note"?: string | null,"occurred_at"?: string,"pick_order_id"?: string,"seq"?: never,"status"?: string,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "pick_order_events_actor_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "pick_order_events_actor_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "pick_order_events_order_fkey"
      columns: ["pick_order_id","tenant_id"]
isOneToOne: false
      referencedRelation: "pick_order_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_order_events_order_fkey"
      columns: ["pick_order_id","tenant_id"]
isOneToOne: false
      referencedRelation: "pick_orders"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_order_events_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"pick_order_lines": {
                  Row: {
                    "bin_id": string,"created_at": string,"id": string,"item_id": string,"pick_order_id": string,"picked_quantity": number,"position": number,"quantity": number,"reserved_quantity": number,"source_line_id": string | null,"status": string,"tenant_id": string,"updated_at": string,"warehouse_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "bin_id": string,"created_at"?: string,"id"?: string,"item_id": string,"pick_order_id": string,"picked_quantity"?: number,"position": number,"quantity"?: number,"reserved_quantity"?: number,"source_line_id"?: string | null,"status"?: string,"tenant_id": string,"updated_at"?: string,"warehouse_id": string
                  }
                  Update: {
                    "bin_id"?: string,"created_at"?: string,"id"?: string,"item_id"?: string,"pick_order_id"?: string,"picked_quantity"?: number,"position"?: number,"quantity"?: number,"reserved_quantity"?: number,"source_line_id"?: string | null,"status"?: string,"tenant_id"?: string,"updated_at"?: string,"warehouse_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "pick_order_lines_bin_fkey"
      columns: ["bin_id","warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouse_locations"
      referencedColumns: ["id","warehouse_id"]
    },{
      foreignKeyName: "pick_order_lines_item_fkey"
      columns: ["item_id","tenant_id"]
isOneToOne: false
      referencedRelation: "inventory_items"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_order_lines_order_fkey"
      columns: ["pick_order_id","tenant_id"]
isOneToOne: false
      referencedRelation: "pick_order_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_order_lines_order_fkey"
      columns: ["pick_order_id","tenant_id"]
isOneToOne: false
      referencedRelation: "pick_orders"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_order_lines_source_line_fkey"
      columns: ["source_line_id"]
isOneToOne: false
      referencedRelation: "pick_order_lines"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "pick_order_lines_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"pick_orders": {
                  Row: {
                    "assigned_to": string | null,"batch_id": string | null,"created_at": string,"created_by": string | null,"due_date": string | null,"ended_at": string | null,"external_reference": string | null,"id": string,"notes": string | null,"order_type": string,"picker_notes": string | null,"priority": number,"reference_number": string,"started_at": string | null,"status": string,"tenant_id": string,"updated_at": string,"warehouse_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "assigned_to"?: string | null,"batch_id"?: string | null,"created_at"?: string,"created_by"?: string | null,"due_date"?: string | null,"ended_at"?: string | null,"external_reference"?: string | null,"id"?: string,"notes"?: string | null,"order_type"?: string,"picker_notes"?: string | null,"priority"?: number,"reference_number": string,"started_at"?: string | null,"status"?: string,"tenant_id": string,"updated_at"?: string,"warehouse_id": string
                  }
                  Update: {
                    "assigned_to"?: string | null,"batch_id"?: string | null,"created_at"?: string,"created_by"?: string | null,"due_date"?: string | null,"ended_at"?: string | null,"external_reference"?: string | null,"id"?: string,"notes"?: string | null,"order_type"?: string,"picker_notes"?: string | null,"priority"?: number,"reference_number"?: string,"started_at"?: string | null,"status"?: string,"tenant_id"?: string,"updated_at"?: string,"warehouse_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "pick_orders_assigned_to_fkey"
      columns: ["assigned_to","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_orders_assigned_to_fkey"
      columns: ["assigned_to","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_orders_batch_fkey"
      columns: ["batch_id","tenant_id"]
isOneToOne: false
      referencedRelation: "pick_order_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_orders_batch_fkey"
      columns: ["batch_id","tenant_id"]
isOneToOne: false
      referencedRelation: "pick_orders"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_orders_created_by_fkey"
      columns: ["created_by","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_orders_created_by_fkey"
      columns: ["created_by","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_orders_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "pick_orders_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"profiles": {
                  Row: {
                    "avatar_url": string | null,"created_at": string,"email": string,"first_name": string | null,"full_name": string | null,"id": string,"language": string | null,"last_name": string | null,"panel_type": string,"phone": string | null,"roles": (string)[],"status": string,"tenant_id": string,"updated_at": string,"user_type": string,"reads_deliveries": boolean | null
                  }
                  ComputedFields: "reads_deliveries"
                  Insert: {
                    "avatar_url"?: string | null,"created_at"?: string,"email": string,"first_name"?: string | null,"full_name"?: never,"id": string,"language"?: string | null,"last_name"?: string | null,"panel_type": string,"phone"?: string | null,"roles"?: (string)[],"status"?: string,"tenant_id": string,"updated_at"?: string,"user_type"?: string
                  }
                  Update: {
                    "avatar_url"?: string | null,"created_at"?: string,"email"?: string,"first_name"?: string | null,"full_name"?: never,"id"?: string,"language"?: string | null,"last_name"?: string | null,"panel_type"?: string,"phone"?: string | null,"roles"?: (string)[],"status"?: string,"tenant_id"?: string,"updated_at"?: string,"user_type"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "profiles_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"receive_order_events": {
                  Row: {
                    "actor_id": string | null,"actor_name": string | null,"created_at": string,"from_status": string | null,"id": string,"note": string | null,"occurred_at": string,"receive_order_id": string,"seq": number,"status": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "actor_id"?: string | null,"actor_name"?: string | null,"created_at"?: string,"from_status"?: string | null,"id"?: string,"note"?: string | null,"occurred_at"?: string,"receive_order_id": string,"seq"?: never,"status": string,"tenant_id": string
                  }
                  Update: {
                    "actor_id"?: string | null,"actor_name"?: string | null,"created_at"?: string,"from_status"?: string | null,"id"?: string,"note"?: string | null,"occurred_at"?: string,"receive_order_id"?: string,"seq"?: never,"status"?: string,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "receive_order_events_actor_id_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "receive_order_events_actor_id_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "receive_order_events_order_fkey"
      columns: ["receive_order_id","tenant_id"]
isOneToOne: false
      referencedRelation: "receive_order_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "receive_order_events_order_fkey"
      columns: ["receive_order_id","tenant_id"]
isOneToOne: false
      referencedRelation: "receive_orders"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "receive_order_events_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"receive_order_lines": {
                  Row: {
                    "created_at": string,"expected_quantity": number,"id": string,"item_id": string,"lot_number": string | null,"position": number,"receive_order_id": string,"received_quantity": number,"serial_number": string | null,"target_bin_id": string | null,"tenant_id": string,"updated_at": string,"warehouse_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"expected_quantity": number,"id"?: string,"item_id": string,"lot_number"?: string | null,"position"?: number,"receive_order_id": string,"received_quantity"?: number,"serial_number"?: string | null,"target_bin_id"?: string | null,"tenant_id": string,"updated_at"?: string,"warehouse_id": string
                  }
                  Update: {
                    "created_at"?: string,"expected_quantity"?: number,"id"?: string,"item_id"?: string,"lot_number"?: string | null,"position"?: number,"receive_order_id"?: string,"received_quantity"?: number,"serial_number"?: string | null,"target_bin_id"?: string | null,"tenant_id"?: string,"updated_at"?: string,"warehouse_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "receive_order_lines_item_fkey"
      columns: ["item_id","tenant_id"]
isOneToOne: false
      referencedRelation: "inventory_items"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "receive_order_lines_order_fkey"
      columns: ["receive_order_id","warehouse_id"]
isOneToOne: false
      referencedRelation: "receive_order_rows"
      referencedColumns: ["id","warehouse_id"]
    },{
      foreignKeyName: "receive_order_lines_order_fkey"
      columns: ["receive_order_id","warehouse_id"]
isOneToOne: false
      referencedRelation: "receive_orders"
      referencedColumns: ["id","warehouse_id"]
    },{
      foreignKeyName: "receive_order_lines_order_tenant_fkey"
      columns: ["receive_order_id","tenant_id"]
isOneToOne: false
      referencedRelation: "receive_order_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "receive_order_lines_order_tenant_fkey"
      columns: ["receive_order_id","tenant_id"]
isOneToOne: false
      referencedRelation: "receive_orders"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "receive_order_lines_target_bin_fkey"
      columns: ["target_bin_id","warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouse_locations"
      referencedColumns: ["id","warehouse_id"]
    },{
      foreignKeyName: "receive_order_lines_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"receive_orders": {
                  Row: {
                    "cancelled_at": string | null,"created_at": string,"created_by": string | null,"expected_date": string | null,"id": string,"notes": string | null,"ordered_at": string | null,"receive_code": string,"received_at": string | null,"reference": string | null,"status": string,"supplier_id": string,"tenant_id": string,"updated_at": string,"warehouse_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "cancelled_at"?: string | null,"created_at"?: string,"created_by"?: string | null,"expected_date"?: string | null,"id"?: string,"notes"?: string | null,"ordered_at"?: string | null,"receive_code": string,"received_at"?: string | null,"reference"?: string | null,"status"?: string,"supplier_id": string,"tenant_id"?: string,"updated_at"?: string,"warehouse_id": string
                  }
                  Update: {
                    "cancelled_at"?: string | null,"created_at"?: string,"created_by"?: string | null,"expected_date"?: string | null,"id"?: string,"notes"?: string | null,"ordered_at"?: string | null,"receive_code"?: string,"received_at"?: string | null,"reference"?: string | null,"status"?: string,"supplier_id"?: string,"tenant_id"?: string,"updated_at"?: string,"warehouse_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "receive_orders_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "receive_orders_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "receive_orders_supplier_id_fkey"
      columns: ["supplier_id"]
isOneToOne: false
      referencedRelation: "suppliers"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "receive_orders_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "receive_orders_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"remittance_deliveries": {
                  Row: {
                    "cod_amount": number,"created_at": string,"delivery_id": string,"id": string,"remittance_id": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "cod_amount": number,"created_at"?: string,"delivery_id": string,"id"?: string,"remittance_id": string,"tenant_id": string
                  }
                  Update: {
                    "cod_amount"?: number,"created_at"?: string,"delivery_id"?: string,"id"?: string,"remittance_id"?: string,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "remittance_deliveries_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "remittance_deliveries_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "remittance_deliveries_remittance_fkey"
      columns: ["remittance_id","tenant_id"]
isOneToOne: false
      referencedRelation: "remittance_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "remittance_deliveries_remittance_fkey"
      columns: ["remittance_id","tenant_id"]
isOneToOne: false
      referencedRelation: "remittances"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "remittance_deliveries_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"remittances": {
                  Row: {
                    "amount": number,"created_at": string,"currency": string,"discrepancy_reason": string | null,"driver_id": string,"id": string,"method": string,"note": string,"recorded_at": string,"recorded_by": string | null,"reference_number": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "amount": number,"created_at"?: string,"currency": string,"discrepancy_reason"?: string | null,"driver_id": string,"id"?: string,"method": string,"note"?: string,"recorded_at"?: string,"recorded_by"?: string | null,"reference_number": string,"tenant_id"?: string
                  }
                  Update: {
                    "amount"?: number,"created_at"?: string,"currency"?: string,"discrepancy_reason"?: string | null,"driver_id"?: string,"id"?: string,"method"?: string,"note"?: string,"recorded_at"?: string,"recorded_by"?: string | null,"reference_number"?: string,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "remittances_driver_fkey"
      columns: ["driver_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "remittances_driver_fkey"
      columns: ["driver_id","tenant_id"]
isOneToOne: false
      referencedRelation: "drivers"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "remittances_recorded_by_fkey"
      columns: ["recorded_by","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "remittances_recorded_by_fkey"
      columns: ["recorded_by","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "remittances_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"return_request_events": {
                  Row: {
                    "actor_id": string | null,"actor_name": string | null,"created_at": string,"from_status": string | null,"id": string,"note": string | null,"occurred_at": string,"pickup_delivery_id": string | null,"refunded": boolean | null,"return_request_id": string,"seq": number,"status": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "actor_id"?: string | null,"actor_name"?: string | null,"created_at"?: string,"from_status"?: string | null,"id"?: string,"note"?: string | null,"occurred_at"?: string,"pickup_delivery_id"?: string | null,"refunded"?: boolean | null,"return_request_id": string,"seq"?: never,"status": string,"tenant_id": string,"updated_at"?: string
                  }
                  Update: {
                    "actor_id"?: string | null,"actor_name"?: string | null,"created_at"?: string,"from_status"?: string | null,"id"?: string,"note"?: string | null,"occurred_at"?: string,"pickup_delivery_id"?: string | null,"refunded"?: boolean | null,"return_request_id"?: string,"seq"?: never,"status"?: string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "return_request_events_actor_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_request_events_actor_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_request_events_request_fkey"
      columns: ["return_request_id","tenant_id"]
isOneToOne: false
      referencedRelation: "return_request_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_request_events_request_fkey"
      columns: ["return_request_id","tenant_id"]
isOneToOne: false
      referencedRelation: "return_requests"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_request_events_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"return_requests": {
                  Row: {
                    "closed_at": string | null,"created_at": string,"currency": string,"customer_id": string,"delivery_id": string,"id": string,"items": NonNullable<Json>,"notes": string,"order_id": string | null,"photos": NonNullable<Json>,"pickup_delivery_id": string | null,"reason": string,"reason_text": string | null,"received_at": string | null,"received_by": string | null,"refund_amount": number,"refunded": boolean | null,"requested_by": string | null,"return_code": string,"status": string,"tenant_id": string,"updated_at": string,"warehouse_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "closed_at"?: string | null,"created_at"?: string,"currency"?: string,"customer_id": string,"delivery_id": string,"id"?: string,"items"?: NonNullable<Json>,"notes"?: string,"order_id"?: string | null,"photos"?: NonNullable<Json>,"pickup_delivery_id"?: string | null,"reason": string,"reason_text"?: string | null,"received_at"?: string | null,"received_by"?: string | null,"refund_amount"?: number,"refunded"?: boolean | null,"requested_by"?: string | null,"return_code": string,"status"?: string,"tenant_id"?: string,"updated_at"?: string,"warehouse_id"?: string | null
                  }
                  Update: {
                    "closed_at"?: string | null,"created_at"?: string,"currency"?: string,"customer_id"?: string,"delivery_id"?: string,"id"?: string,"items"?: NonNullable<Json>,"notes"?: string,"order_id"?: string | null,"photos"?: NonNullable<Json>,"pickup_delivery_id"?: string | null,"reason"?: string,"reason_text"?: string | null,"received_at"?: string | null,"received_by"?: string | null,"refund_amount"?: number,"refunded"?: boolean | null,"requested_by"?: string | null,"return_code"?: string,"status"?: string,"tenant_id"?: string,"updated_at"?: string,"warehouse_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "return_requests_customer_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_requests_customer_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_requests_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_requests_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_requests_pickup_delivery_fkey"
      columns: ["pickup_delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_requests_pickup_delivery_fkey"
      columns: ["pickup_delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_requests_received_by_fkey"
      columns: ["received_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_requests_received_by_fkey"
      columns: ["received_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_requests_requested_by_fkey"
      columns: ["requested_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_requests_requested_by_fkey"
      columns: ["requested_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_requests_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_requests_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"suppliers": {
                  Row: {
                    "active": boolean,"address_id": string | null,"code": string,"contact_email": string | null,"contact_name": string | null,"contact_phone": string | null,"created_at": string,"id": string,"lead_time_days": number,"name": string,"notes": string | null,"payment_terms": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "active"?: boolean,"address_id"?: string | null,"code": string,"contact_email"?: string | null,"contact_name"?: string | null,"contact_phone"?: string | null,"created_at"?: string,"id"?: string,"lead_time_days"?: number,"name": string,"notes"?: string | null,"payment_terms"?: string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Update: {
                    "active"?: boolean,"address_id"?: string | null,"code"?: string,"contact_email"?: string | null,"contact_name"?: string | null,"contact_phone"?: string | null,"created_at"?: string,"id"?: string,"lead_time_days"?: number,"name"?: string,"notes"?: string | null,"payment_terms"?: string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "suppliers_address_id_fkey"
      columns: ["address_id"]
isOneToOne: false
      referencedRelation: "addresses"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "suppliers_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"support_acknowledgements": {
                  Row: {
                    "acknowledged_at": string,"acknowledged_by": string | null,"acknowledged_by_name": string | null,"created_at": string,"delivery_event_id": string,"delivery_id": string,"id": string,"note": string | null,"resolution_note": string | null,"resolved_at": string | null,"resolved_by": string | null,"resolved_by_name": string | null,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "acknowledged_at"?: string,"acknowledged_by"?: string | null,"acknowledged_by_name"?: string | null,"created_at"?: string,"delivery_event_id": string,"delivery_id": string,"id"?: string,"note"?: string | null,"resolution_note"?: string | null,"resolved_at"?: string | null,"resolved_by"?: string | null,"resolved_by_name"?: string | null,"tenant_id": string,"updated_at"?: string
                  }
                  Update: {
                    "acknowledged_at"?: string,"acknowledged_by"?: string | null,"acknowledged_by_name"?: string | null,"created_at"?: string,"delivery_event_id"?: string,"delivery_id"?: string,"id"?: string,"note"?: string | null,"resolution_note"?: string | null,"resolved_at"?: string | null,"resolved_by"?: string | null,"resolved_by_name"?: string | null,"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "support_acknowledgements_acknowledged_by_fkey"
      columns: ["acknowledged_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "support_acknowledgements_acknowledged_by_fkey"
      columns: ["acknowledged_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "support_acknowledgements_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "support_acknowledgements_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "support_acknowledgements_event_fkey"
      columns: ["delivery_event_id"]
isOneToOne: true
      referencedRelation: "delivery_events"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "support_acknowledgements_event_fkey"
      columns: ["delivery_event_id"]
isOneToOne: true
      referencedRelation: "support_failures"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "support_acknowledgements_resolved_by_fkey"
      columns: ["resolved_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "support_acknowledgements_resolved_by_fkey"
      columns: ["resolved_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "support_acknowledgements_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"system_settings": {
                  Row: {
                    "key": string,"updated_at": string,"value": NonNullable<Json>
                  }
                  ComputedFields: never
                  Insert: {
                    "key": string,"updated_at"?: string,"value": NonNullable<Json>
                  }
                  Update: {
                    "key"?: string,"updated_at"?: string,"value"?: NonNullable<Json>
                  }
                  Relationships: [
                    
                  ]
                },"tenants": {
                  Row: {
                    "brand_settings": NonNullable<Json>,"contact_info": Json | null,"created_at": string,"id": string,"logo_url": Json | null,"name": NonNullable<Json>,"settings": NonNullable<Json>,"slug": string,"status": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "brand_settings"?: NonNullable<Json>,"contact_info"?: Json | null,"created_at"?: string,"id"?: string,"logo_url"?: Json | null,"name": NonNullable<Json>,"settings"?: NonNullable<Json>,"slug": string,"status"?: string,"updated_at"?: string
                  }
                  Update: {
                    "brand_settings"?: NonNullable<Json>,"contact_info"?: Json | null,"created_at"?: string,"id"?: string,"logo_url"?: Json | null,"name"?: NonNullable<Json>,"settings"?: NonNullable<Json>,"slug"?: string,"status"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    
                  ]
                },"vehicles": {
                  Row: {
                    "active": boolean,"capacity_unit": number,"code": string,"created_at": string,"description": string,"id": string,"image_url": string | null,"name": string,"tenant_id": string,"updated_at": string,"vehicle_requirements": NonNullable<Json>
                  }
                  ComputedFields: never
                  Insert: {
                    "active"?: boolean,"capacity_unit": number,"code": string,"created_at"?: string,"description": string,"id"?: string,"image_url"?: string | null,"name": string,"tenant_id"?: string,"updated_at"?: string,"vehicle_requirements"?: NonNullable<Json>
                  }
                  Update: {
                    "active"?: boolean,"capacity_unit"?: number,"code"?: string,"created_at"?: string,"description"?: string,"id"?: string,"image_url"?: string | null,"name"?: string,"tenant_id"?: string,"updated_at"?: string,"vehicle_requirements"?: NonNullable<Json>
                  }
                  Relationships: [
                    {
      foreignKeyName: "vehicles_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"warehouse_locations": {
                  Row: {
                    "capacity": NonNullable<Json>,"code": string,"created_at": string,"id": string,"location_type": string,"metadata": NonNullable<Json>,"name": string,"parent_id": string | null,"position": NonNullable<Json>,"seq": number,"status": string,"tenant_id": string,"updated_at": string,"warehouse_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "capacity"?: NonNullable<Json>,"code"?: string,"created_at"?: string,"id"?: string,"location_type": string,"metadata"?: NonNullable<Json>,"name": string,"parent_id"?: string | null,"position"?: NonNullable<Json>,"seq"?: number,"status"?: string,"tenant_id"?: string,"updated_at"?: string,"warehouse_id": string
                  }
                  Update: {
                    "capacity"?: NonNullable<Json>,"code"?: string,"created_at"?: string,"id"?: string,"location_type"?: string,"metadata"?: NonNullable<Json>,"name"?: string,"parent_id"?: string | null,"position"?: NonNullable<Json>,"seq"?: number,"status"?: string,"tenant_id"?: string,"updated_at"?: string,"warehouse_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "warehouse_locations_parent_id_fkey"
      columns: ["parent_id","warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouse_locations"
      referencedColumns: ["id","warehouse_id"]
    },{
      foreignKeyName: "warehouse_locations_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "warehouse_locations_warehouse_id_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"warehouse_staff": {
                  Row: {
                    "active": boolean,"created_at": string,"id": string,"role": string,"tenant_id": string,"updated_at": string,"user_id": string,"warehouse_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "active"?: boolean,"created_at"?: string,"id"?: string,"role": string,"tenant_id"?: string,"updated_at"?: string,"user_id": string,"warehouse_id": string
                  }
                  Update: {
                    "active"?: boolean,"created_at"?: string,"id"?: string,"role"?: string,"tenant_id"?: string,"updated_at"?: string,"user_id"?: string,"warehouse_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "warehouse_staff_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "warehouse_staff_user_id_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "warehouse_staff_user_id_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "warehouse_staff_warehouse_id_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"warehouses": {
                  Row: {
                    "access_mode": string,"address_id": string,"available_capacity": number,"code": string,"created_at": string,"features": NonNullable<Json>,"id": string,"name": string,"status": string,"tenant_id": string,"total_capacity": number,"updated_at": string,"user_ids": (string)[]
                  }
                  ComputedFields: never
                  Insert: {
                    "access_mode"?: string,"address_id": string,"available_capacity"?: number,"code": string,"created_at"?: string,"features"?: NonNullable<Json>,"id"?: string,"name": string,"status"?: string,"tenant_id"?: string,"total_capacity"?: number,"updated_at"?: string,"user_ids"?: (string)[]
                  }
                  Update: {
                    "access_mode"?: string,"address_id"?: string,"available_capacity"?: number,"code"?: string,"created_at"?: string,"features"?: NonNullable<Json>,"id"?: string,"name"?: string,"status"?: string,"tenant_id"?: string,"total_capacity"?: number,"updated_at"?: string,"user_ids"?: (string)[]
                  }
                  Relationships: [
                    {
      foreignKeyName: "warehouses_address_id_fkey"
      columns: ["address_id"]
isOneToOne: false
      referencedRelation: "addresses"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "warehouses_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"webhook_attempts": {
                  Row: {
                    "attempt": number,"attempted_at": string,"delivery_id": string,"duration_ms": number | null,"error": string | null,"id": string,"response_excerpt": string | null,"status_code": number | null,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "attempt": number,"attempted_at"?: string,"delivery_id": string,"duration_ms"?: number | null,"error"?: string | null,"id"?: string,"response_excerpt"?: string | null,"status_code"?: number | null,"tenant_id": string
                  }
                  Update: {
                    "attempt"?: number,"attempted_at"?: string,"delivery_id"?: string,"duration_ms"?: number | null,"error"?: string | null,"id"?: string,"response_excerpt"?: string | null,"status_code"?: number | null,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "webhook_attempts_delivery_id_fkey"
      columns: ["delivery_id"]
isOneToOne: false
      referencedRelation: "webhook_deliveries"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "webhook_attempts_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"webhook_deliveries": {
                  Row: {
                    "attempt_count": number,"created_at": string,"delivered_at": string | null,"event_id": string,"event_type": string,"id": string,"last_error": string | null,"last_status_code": number | null,"message_id": string,"next_attempt_at": string | null,"status": string,"subscription_id": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "attempt_count"?: number,"created_at"?: string,"delivered_at"?: string | null,"event_id": string,"event_type": string,"id"?: string,"last_error"?: string | null,"last_status_code"?: number | null,"message_id"?: string,"next_attempt_at"?: string | null,"status"?: string,"subscription_id": string,"tenant_id": string,"updated_at"?: string
                  }
                  Update: {
                    "attempt_count"?: number,"created_at"?: string,"delivered_at"?: string | null,"event_id"?: string,"event_type"?: string,"id"?: string,"last_error"?: string | null,"last_status_code"?: number | null,"message_id"?: string,"next_attempt_at"?: string | null,"status"?: string,"subscription_id"?: string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "webhook_deliveries_event_id_fkey"
      columns: ["event_id"]
isOneToOne: false
      referencedRelation: "webhook_events"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "webhook_deliveries_subscription_id_fkey"
      columns: ["subscription_id"]
isOneToOne: false
      referencedRelation: "webhook_subscriptions"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "webhook_deliveries_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"webhook_events": {
                  Row: {
                    "customer_id": string | null,"event_type": string,"fanned_out_at": string | null,"id": string,"module_id": string,"occurred_at": string,"payload": NonNullable<Json>,"seq": number,"subject_id": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "customer_id"?: string | null,"event_type": string,"fanned_out_at"?: string | null,"id"?: string,"module_id": string,"occurred_at"?: string,"payload": NonNullable<Json>,"seq"?: never,"subject_id": string,"tenant_id": string
                  }
                  Update: {
                    "customer_id"?: string | null,"event_type"?: string,"fanned_out_at"?: string | null,"id"?: string,"module_id"?: string,"occurred_at"?: string,"payload"?: NonNullable<Json>,"seq"?: never,"subject_id"?: string,"tenant_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "webhook_events_module_id_fkey"
      columns: ["module_id"]
isOneToOne: false
      referencedRelation: "webhook_modules"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "webhook_events_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"webhook_modules": {
                  Row: {
                    "event_types": (string)[],"id": string,"name": string,"sort_order": number
                  }
                  ComputedFields: never
                  Insert: {
                    "event_types": (string)[],"id": string,"name": string,"sort_order": number
                  }
                  Update: {
                    "event_types"?: (string)[],"id"?: string,"name"?: string,"sort_order"?: number
                  }
                  Relationships: [
                    
                  ]
                },"webhook_subscriptions": {
                  Row: {
                    "created_at": string,"created_by": string | null,"disabled_reason": string | null,"failing_since": string | null,"id": string,"is_active": boolean,"module_id": string,"secret_header_key": string | null,"secret_header_value": string | null,"signing_secret": string,"tenant_id": string,"updated_at": string,"user_id": string,"webhook_url": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"created_by"?: string | null,"disabled_reason"?: string | null,"failing_since"?: string | null,"id"?: string,"is_active"?: boolean,"module_id": string,"secret_header_key"?: string | null,"secret_header_value"?: string | null,"signing_secret": string,"tenant_id"?: string,"updated_at"?: string,"user_id": string,"webhook_url": string
                  }
                  Update: {
                    "created_at"?: string,"created_by"?: string | null,"disabled_reason"?: string | null,"failing_since"?: string | null,"id"?: string,"is_active"?: boolean,"module_id"?: string,"secret_header_key"?: string | null,"secret_header_value"?: string | null,"signing_secret"?: string,"tenant_id"?: string,"updated_at"?: string,"user_id"?: string,"webhook_url"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "webhook_subscriptions_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "webhook_subscriptions_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "webhook_subscriptions_module_id_fkey"
      columns: ["module_id"]
isOneToOne: false
      referencedRelation: "webhook_modules"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "webhook_subscriptions_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "webhook_subscriptions_user_id_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "webhook_subscriptions_user_id_fkey"
      columns: ["user_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"zone_pricing": {
                  Row: {
                    "active": boolean,"base_price": number,"created_at": string,"destination_zone_id": string,"id": string,"max_transit_time": number,"min_transit_time": number,"origin_zone_id": string,"per_unit_price": number,"service_id": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "active"?: boolean,"base_price": number,"created_at"?: string,"destination_zone_id": string,"id"?: string,"max_transit_time": number,"min_transit_time": number,"origin_zone_id": string,"per_unit_price": number,"service_id": string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Update: {
                    "active"?: boolean,"base_price"?: number,"created_at"?: string,"destination_zone_id"?: string,"id"?: string,"max_transit_time"?: number,"min_transit_time"?: number,"origin_zone_id"?: string,"per_unit_price"?: number,"service_id"?: string,"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "zone_pricing_destination_zone_id_fkey"
      columns: ["destination_zone_id","tenant_id"]
isOneToOne: false
      referencedRelation: "zones"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "zone_pricing_origin_zone_id_fkey"
      columns: ["origin_zone_id","tenant_id"]
isOneToOne: false
      referencedRelation: "zones"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "zone_pricing_service_id_fkey"
      columns: ["service_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_services"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "zone_pricing_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"zones": {
                  Row: {
                    "active": boolean,"boundary": unknown,"code": string,"color": string,"created_at": string,"description": string,"id": string,"name": string,"polygon": NonNullable<Json>,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "active"?: boolean,"boundary"?: never,"code": string,"color"?: string,"created_at"?: string,"description"?: string,"id"?: string,"name": string,"polygon": NonNullable<Json>,"tenant_id"?: string,"updated_at"?: string
                  }
                  Update: {
                    "active"?: boolean,"boundary"?: never,"code"?: string,"color"?: string,"created_at"?: string,"description"?: string,"id"?: string,"name"?: string,"polygon"?: NonNullable<Json>,"tenant_id"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "zones_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                }
          }
          Views: {
            "customer_preference_rows": {
                  Row: {
                    "contact_preferences": NonNullable<Json>,"created_at": string,"customer_email": string | null,"customer_id": string,"customer_name": string | null,"delivery_instructions": string,"delivery_options": NonNullable<Json>,"delivery_preferences": NonNullable<Json>,"description": string,"id": string,"is_active": boolean,"location_address": string | null,"location_id": string,"location_title": string | null,"name": string,"notification_preferences": NonNullable<Json>,"preferred_day_of_week": number,"preferred_time_end": string,"preferred_time_start": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "customer_preferences_customer_id_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "customer_preferences_customer_id_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "customer_preferences_location_id_fkey"
      columns: ["location_id"]
isOneToOne: false
      referencedRelation: "addresses"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "customer_preferences_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"delivery_rows": {
                  Row: {
                    "cod_amount": number,"created_at": string,"currency": string,"customer_id": string,"customer_name": string | null,"delivery_code": string,"driver_id": string | null,"driver_name": string | null,"dropoff_city": string | null,"dropoff_full_address": string | null,"dropoff_window_end": string | null,"dropoff_window_start": string | null,"dropoff_zone_id": string | null,"dropoff_zone_name": string | null,"external_reference_id": string | null,"id": string,"kind": string,"package_count": number,"pickup_city": string | null,"pickup_full_address": string | null,"pickup_window_end": string | null,"pickup_window_start": string | null,"pickup_zone_id": string | null,"pickup_zone_name": string | null,"price": number,"priority": string,"service_code": string | null,"service_id": string,"service_name": string | null,"status": string,"status_reason": string | null,"tenant_id": string,"total_weight_kg": number,"updated_at": string,"vehicle_id": string | null
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "deliveries_customer_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_customer_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_driver_fkey"
      columns: ["driver_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_driver_fkey"
      columns: ["driver_id","tenant_id"]
isOneToOne: false
      referencedRelation: "drivers"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_dropoff_zone_fkey"
      columns: ["dropoff_zone_id","tenant_id"]
isOneToOne: false
      referencedRelation: "zones"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_pickup_zone_fkey"
      columns: ["pickup_zone_id","tenant_id"]
isOneToOne: false
      referencedRelation: "zones"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_service_fkey"
      columns: ["service_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_services"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "deliveries_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "deliveries_vehicle_fkey"
      columns: ["vehicle_id","tenant_id"]
isOneToOne: false
      referencedRelation: "vehicles"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"driver_candidates": {
                  Row: {
                    "avatar_url": string | null,"email": string,"full_name": string | null,"id": string,"phone": string | null,"status": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Insert: {
                           "avatar_url"?: string | null,"email"?: string | null,"full_name"?: string | null,"id"?: string | null,"phone"?: string | null,"status"?: string | null,"tenant_id"?: string | null
                         }
                        Update: {
                           "avatar_url"?: string | null,"email"?: string | null,"full_name"?: string | null,"id"?: string | null,"phone"?: string | null,"status"?: string | null,"tenant_id"?: string | null
                         }
                        Relationships: [
                    {
      foreignKeyName: "profiles_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"driver_rows": {
                  Row: {
                    "avatar_url": string | null,"created_at": string,"default_vehicle_code": string | null,"default_vehicle_id": string | null,"default_vehicle_name": string | null,"email": string,"full_name": string | null,"home_zone_code": string | null,"home_zone_id": string | null,"home_zone_name": string | null,"id": string,"last_accuracy": number | null,"last_heading": number | null,"last_lat": number | null,"last_lng": number | null,"last_position_at": string | null,"last_speed": number | null,"licence_class": string,"licence_expiry": string,"licence_number": string,"notes": string,"person_status": string,"phone": string | null,"status": string,"status_changed_at": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "drivers_default_vehicle_fkey"
      columns: ["default_vehicle_id","tenant_id"]
isOneToOne: false
      referencedRelation: "vehicles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "drivers_home_zone_fkey"
      columns: ["home_zone_id","tenant_id"]
isOneToOne: false
      referencedRelation: "zones"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "drivers_profile_fkey"
      columns: ["id","tenant_id"]
isOneToOne: true
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "drivers_profile_fkey"
      columns: ["id","tenant_id"]
isOneToOne: true
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "drivers_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"exception_rows": {
                  Row: {
                    "assigned_to": string | null,"assigned_to_name": string | null,"created_at": string,"customer_id": string | null,"customer_name": string | null,"delivery_code": string | null,"delivery_id": string,"delivery_status": string | null,"description": string,"exception_code": string,"id": string,"photos": NonNullable<Json>,"reported_by": string | null,"reported_by_name": string | null,"resolution_notes": string | null,"resolved_at": string | null,"resolved_by": string | null,"severity": string,"status": string,"tenant_id": string,"type": string,"updated_at": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "exceptions_assigned_to_fkey"
      columns: ["assigned_to","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "exceptions_assigned_to_fkey"
      columns: ["assigned_to","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "exceptions_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "exceptions_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "exceptions_reported_by_fkey"
      columns: ["reported_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "exceptions_reported_by_fkey"
      columns: ["reported_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "exceptions_resolved_by_fkey"
      columns: ["resolved_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "exceptions_resolved_by_fkey"
      columns: ["resolved_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "exceptions_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"inventory_audit_rows": {
                  Row: {
                    "audit_type": string,"completed_at": string | null,"completed_by": string | null,"completed_by_name": string | null,"counted_count": number | null,"created_at": string,"created_by": string | null,"created_by_name": string | null,"id": string,"line_count": number | null,"notes": string | null,"scheduled_date": string | null,"started_at": string | null,"status": string,"tenant_id": string,"updated_at": string,"warehouse_code": string,"warehouse_id": string,"warehouse_name": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "inventory_audits_completed_by_fkey"
      columns: ["completed_by","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audits_completed_by_fkey"
      columns: ["completed_by","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audits_created_by_fkey"
      columns: ["created_by","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audits_created_by_fkey"
      columns: ["created_by","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_audits_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "inventory_audits_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"inventory_stock_rows": {
                  Row: {
                    "bin_code": string,"bin_id": string,"created_at": string,"id": string,"item_id": string,"item_name": string,"item_sku": string,"last_counted_at": string | null,"lot_number": string | null,"quantity": number,"reserved": number,"serial_number": string | null,"status": string | null,"stock_status": string,"tenant_id": string,"updated_at": string,"warehouse_id": string,"warehouse_name": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "inventory_stock_bin_fkey"
      columns: ["bin_id","warehouse_id"]
isOneToOne: false
      referencedRelation: "warehouse_locations"
      referencedColumns: ["id","warehouse_id"]
    },{
      foreignKeyName: "inventory_stock_item_fkey"
      columns: ["item_id","tenant_id"]
isOneToOne: false
      referencedRelation: "inventory_items"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "inventory_stock_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "inventory_stock_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"package_handoff_rows": {
                  Row: {
                    "completed_at": string | null,"created_at": string,"delivery": Json | null,"delivery_code": string | null,"delivery_id": string,"id": string,"initiated_at": string,"notes": string | null,"picking_order": Json | null,"picking_order_id": string,"reference_number": string | null,"signature_url": string,"staff_name": string | null,"staff_role": string,"status": string,"tenant_id": string,"updated_at": string,"warehouse": Json | null,"warehouse_code": string,"warehouse_id": string,"warehouse_name": string,"warehouse_staff": Json | null,"warehouse_staff_id": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "package_handoffs_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoffs_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoffs_picking_order_fkey"
      columns: ["picking_order_id","tenant_id"]
isOneToOne: false
      referencedRelation: "pick_order_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoffs_picking_order_fkey"
      columns: ["picking_order_id","tenant_id"]
isOneToOne: false
      referencedRelation: "pick_orders"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoffs_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "package_handoffs_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "package_handoffs_warehouse_staff_id_fkey"
      columns: ["warehouse_staff_id"]
isOneToOne: false
      referencedRelation: "warehouse_staff"
      referencedColumns: ["id"]
    }
                  ]
                },"pick_order_rows": {
                  Row: {
                    "assigned_to": string | null,"assigned_to_name": string | null,"batch_id": string | null,"batch_reference": string | null,"created_at": string,"due_date": string | null,"ended_at": string | null,"external_reference": string | null,"id": string,"line_count": number | null,"order_type": string,"picked_items": number | null,"priority": number,"reference_number": string,"started_at": string | null,"status": string,"tenant_id": string,"total_items": number | null,"updated_at": string,"warehouse_code": string,"warehouse_id": string,"warehouse_name": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "pick_orders_assigned_to_fkey"
      columns: ["assigned_to","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_orders_assigned_to_fkey"
      columns: ["assigned_to","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_orders_batch_fkey"
      columns: ["batch_id","tenant_id"]
isOneToOne: false
      referencedRelation: "pick_order_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_orders_batch_fkey"
      columns: ["batch_id","tenant_id"]
isOneToOne: false
      referencedRelation: "pick_orders"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "pick_orders_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "pick_orders_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"receive_order_rows": {
                  Row: {
                    "created_at": string,"expected_date": string | null,"expected_total": number | null,"id": string,"line_count": number | null,"receive_code": string,"received_total": number | null,"reference": string | null,"status": string,"supplier_id": string,"supplier_name": string,"tenant_id": string,"updated_at": string,"warehouse_id": string,"warehouse_name": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "receive_orders_supplier_id_fkey"
      columns: ["supplier_id"]
isOneToOne: false
      referencedRelation: "suppliers"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "receive_orders_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "receive_orders_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"remittance_rows": {
                  Row: {
                    "amount": number,"created_at": string,"currency": string,"delivery_codes": (string)[] | null,"discrepancy_reason": string | null,"driver_id": string,"driver_name": string | null,"expected_amount": number | null,"id": string,"method": string,"note": string,"recorded_at": string,"recorded_by": string | null,"recorded_by_name": string | null,"reference_number": string,"tenant_id": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "remittances_driver_fkey"
      columns: ["driver_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "remittances_driver_fkey"
      columns: ["driver_id","tenant_id"]
isOneToOne: false
      referencedRelation: "drivers"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "remittances_recorded_by_fkey"
      columns: ["recorded_by","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "remittances_recorded_by_fkey"
      columns: ["recorded_by","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "remittances_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"return_request_rows": {
                  Row: {
                    "closed_at": string | null,"created_at": string,"currency": string,"customer_email": string | null,"customer_id": string,"customer_name": string | null,"delivered_at": string | null,"delivery_cod_amount": number | null,"delivery_code": string | null,"delivery_id": string,"delivery_packages": Json | null,"delivery_price": number | null,"delivery_status": string | null,"dropoff_full_address": string | null,"id": string,"items": NonNullable<Json>,"notes": string,"order_id": string | null,"photos": NonNullable<Json>,"pickup_delivery_code": string | null,"pickup_delivery_id": string | null,"pickup_delivery_status": string | null,"reason": string,"reason_text": string | null,"received_at": string | null,"received_by": string | null,"refund_amount": number,"refunded": boolean | null,"requested_by": string | null,"return_code": string,"status": string,"tenant_id": string,"updated_at": string,"warehouse_id": string | null,"warehouse_name": string | null
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "return_requests_customer_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_requests_customer_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_requests_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_requests_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_requests_pickup_delivery_fkey"
      columns: ["pickup_delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_requests_pickup_delivery_fkey"
      columns: ["pickup_delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "return_requests_received_by_fkey"
      columns: ["received_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_requests_received_by_fkey"
      columns: ["received_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_requests_requested_by_fkey"
      columns: ["requested_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_requests_requested_by_fkey"
      columns: ["requested_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_requests_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "return_requests_warehouse_fkey"
      columns: ["warehouse_id","tenant_id"]
isOneToOne: false
      referencedRelation: "warehouses"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"support_conversations": {
                  Row: {
                    "acknowledged_at": string | null,"acknowledged_by": string | null,"acknowledged_by_name": string | null,"acknowledgement_note": string | null,"customer_id": string,"customer_name": string | null,"delivery_code": string,"delivery_id": string,"delivery_status": string,"id": string,"is_archived": boolean,"kind": string,"last_customer_message": string | null,"last_customer_message_at": string,"last_message_at": string | null,"resolution_note": string | null,"resolved_at": string | null,"resolved_by": string | null,"resolved_by_name": string | null,"state": string,"tenant_id": string,"title": string,"waiting_since": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "conversation_support_acknowledged_by_fkey"
      columns: ["acknowledged_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "conversation_support_acknowledged_by_fkey"
      columns: ["acknowledged_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "conversation_support_conversation_fkey"
      columns: ["id","tenant_id"]
isOneToOne: false
      referencedRelation: "conversations"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversation_support_customer_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversation_support_customer_fkey"
      columns: ["customer_id","tenant_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversation_support_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversation_support_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "conversation_support_resolved_by_fkey"
      columns: ["resolved_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "conversation_support_resolved_by_fkey"
      columns: ["resolved_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "conversation_support_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                },"support_failures": {
                  Row: {
                    "acknowledged_at": string | null,"acknowledged_by": string | null,"acknowledged_by_name": string | null,"acknowledgement_note": string | null,"customer_id": string,"customer_name": string | null,"delivery_code": string,"delivery_id": string,"delivery_status": string,"driver_id": string | null,"driver_name": string | null,"dropoff_full_address": string | null,"failed_at": string,"failure_note": string | null,"id": string,"kind": string,"reason": string | null,"reported_by_name": string | null,"resolution_note": string | null,"resolved_at": string | null,"resolved_by": string | null,"resolved_by_name": string | null,"state": string | null,"tenant_id": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "delivery_events_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "deliveries"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "delivery_events_delivery_fkey"
      columns: ["delivery_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_rows"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "delivery_events_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "support_acknowledgements_acknowledged_by_fkey"
      columns: ["acknowledged_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "support_acknowledgements_acknowledged_by_fkey"
      columns: ["acknowledged_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "support_acknowledgements_resolved_by_fkey"
      columns: ["resolved_by"]
isOneToOne: false
      referencedRelation: "driver_candidates"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "support_acknowledgements_resolved_by_fkey"
      columns: ["resolved_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"zone_pricing_rows": {
                  Row: {
                    "active": boolean,"base_price": number,"created_at": string,"destination_zone_code": string,"destination_zone_id": string,"destination_zone_name": string,"id": string,"max_transit_time": number,"min_transit_time": number,"origin_zone_code": string,"origin_zone_id": string,"origin_zone_name": string,"per_unit_price": number,"service_code": string,"service_id": string,"service_name": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Relationships: [
                    {
      foreignKeyName: "zone_pricing_destination_zone_id_fkey"
      columns: ["destination_zone_id","tenant_id"]
isOneToOne: false
      referencedRelation: "zones"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "zone_pricing_origin_zone_id_fkey"
      columns: ["origin_zone_id","tenant_id"]
isOneToOne: false
      referencedRelation: "zones"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "zone_pricing_service_id_fkey"
      columns: ["service_id","tenant_id"]
isOneToOne: false
      referencedRelation: "delivery_services"
      referencedColumns: ["id","tenant_id"]
    },{
      foreignKeyName: "zone_pricing_tenant_id_fkey"
      columns: ["tenant_id"]
isOneToOne: false
      referencedRelation: "tenants"
      referencedColumns: ["id"]
    }
                  ]
                }
          }
          Functions: {
            "acknowledge_failure":
{ Args: { "delivery_event_id": string,"note"?: string }; Returns: {
              "acknowledged_at": string,
"acknowledged_by": string | null,
"acknowledged_by_name": string | null,
"created_at": string,
"delivery_event_id": string,
"delivery_id": string,
"id": string,
"note": string | null,
"resolution_note": string | null,
"resolved_at": string | null,
"resolved_by": string | null,
"resolved_by_name": string | null,
"tenant_id": string,
"updated_at": string
            }
                          SetofOptions: {
        from: "*"
        to: "support_acknowledgements"
        isOneToOne: true
        isSetofReturn: false
      } },
"acknowledge_order_conversation":
{ Args: { "conversation_id": string,"note"?: string }; Returns: {
              "acknowledged_at": string | null,
"acknowledged_by": string | null,
"acknowledged_by_name": string | null,
"conversation_id": string,
"created_at": string,
"customer_id": string,
"delivery_id": string,
"id": string,
"last_customer_message_at": string,
"note": string | null,
"notified_at": string | null,
"resolution_note": string | null,
"resolved_at": string | null,
"resolved_by": string | null,
"resolved_by_name": string | null,
"state": string,
"tenant_id": string,
"updated_at": string,
"waiting_since": string
            }
                          SetofOptions: {
        from: "*"
        to: "conversation_support"
        isOneToOne: true
        isSetofReturn: false
      } },
"assignment_fit":
{ Args: { "delivery_id": string,"driver_id": string,"vehicle_id": string }; Returns: Json
                           },
"authenticate_api_key":
{ Args: { "p_key_hash": string }; Returns: Json
                           },
"authenticate_api_request":
{ Args: { "p_key_hash": string,"p_limit": number,"p_window_seconds": number }; Returns: Json
                           },
"begin_api_idempotency":
{ Args: { "p_api_key_id": string,"p_fingerprint": string,"p_idempotency_key": string }; Returns: Json
                           },
"build_pick_batch":
{ Args: { "dry_run"?: boolean,"group_by": string,"max_lines": number,"max_orders": number,"order_type": string,"pick_order_ids"?: (string)[],"warehouse_id": string }; Returns: Json
                           },
"create_delivery_conversation":
{ Args: { "delivery_id": string }; Returns: {
              "created_at": string,
"created_by": string | null,
"delivery_id": string | null,
"id": string,
"is_archived": boolean,
"last_message_at": string | null,
"metadata": NonNullable<Json>,
"tenant_id": string,
"title": string,
"type": string,
"updated_at": string
            }
                          SetofOptions: {
        from: "*"
        to: "conversations"
        isOneToOne: true
        isSetofReturn: false
      } },
"create_inventory_audit":
{ Args: { "values": Json }; Returns: Json
                           },
"create_order_conversation":
{ Args: { "delivery_id": string }; Returns: {
              "created_at": string,
"created_by": string | null,
"delivery_id": string | null,
"id": string,
"is_archived": boolean,
"last_message_at": string | null,
"metadata": NonNullable<Json>,
"tenant_id": string,
"title": string,
"type": string,
"updated_at": string
            }
                          SetofOptions: {
        from: "*"
        to: "conversations"
        isOneToOne: true
        isSetofReturn: false
      } },
"customer_preference_for":
{ Args: { "customer_id": string,"location_id": string }; Returns: Json
                           },
"delivery_actions":
{ Args: { "delivery_id": string }; Returns: (string)[]
                           },
"delivery_instructions":
{ Args: { "delivery_id": string }; Returns: Json
                           },
"driver_cash_summary":
{ Args: Record<PropertyKey, never>; Returns: {
              "avatar_url": string,"collected": number,"currency": string,"driver_id": string,"driver_status": string,"full_name": string,"last_remitted_at": string,"outstanding": number,"outstanding_count": number,"remitted": number,"shortfall": number
            }[]
                           },
"driver_completed_per_day":
{ Args: { "driver_id"?: string,"from_date"?: string,"to_date"?: string }; Returns: {
              "completed": number,"day": string
            }[]
                           },
"driver_door_notes":
{ Args: Record<PropertyKey, never>; Returns: Json
                           },
"driver_packages_ready":
{ Args: Record<PropertyKey, never>; Returns: {
              "completed_at": string,"delivery_id": string,"warehouse_name": string
            }[]
                           },
"driver_performance":
{ Args: { "from_date"?: string,"to_date"?: string }; Returns: {
              "acceptance_rate": number,"accepted": number,"assigned": number,"avatar_url": string,"avg_assignment_to_delivered_minutes": number,"cod_collected": number,"completed": number,"currency": string,"driver_id": string,"driver_status": string,"failed": number,"full_name": string,"on_time": number,"on_time_rate": number,"rejected": number,"with_deadline": number
            }[]
                           },
"exception_actions":
{ Args: { "exception_id": string }; Returns: (string)[]
                           },
"finish_api_idempotency":
{ Args: { "p_body": Json,"p_id": string,"p_status": number }; Returns: undefined
                           },
"get_delivery_settings":
{ Args: Record<PropertyKey, never>; Returns: Json
                           },
"get_pick_order":
{ Args: { "pick_order_id": string }; Returns: Json
                           },
"get_picking_settings":
{ Args: Record<PropertyKey, never>; Returns: Json
                           },
"get_tenant_settings":
{ Args: { "p_tenant_id": string }; Returns: Json
                           },
"handoff_delivery_choices":
{ Args: { "max_rows"?: number,"search"?: string,"warehouse_id"?: string }; Returns: {
              "barcode": string,"delivery_code": string,"id": string
            }[]
                           },
"inventory_audit_actions":
{ Args: { "audit_id": string }; Returns: (string)[]
                           },
"inventory_audit_count_sheet":
{ Args: { "audit_id": string }; Returns: Json
                           },
"inventory_audit_review":
{ Args: { "audit_id": string }; Returns: Json
                           },
"list_assignments":
{ Args: { "assigned_by"?: string,"delivery_id"?: string,"direction"?: string,"driver_id"?: string,"language"?: string,"limit"?: number,"page"?: number,"search"?: string,"sort"?: string,"status"?: string,"tenant_id"?: string,"vehicle_id"?: string }; Returns: Json
                           },
"list_audit_actors":
{ Args: { "p_tenant_id": string }; Returns: {
              "actor_id": string,"actor_name": string
            }[]
                           },
"list_audit_tables":
{ Args: { "p_tenant_id": string }; Returns: string[]
                           },
"list_conversations":
{ Args: { "archived"?: boolean,"delivery_id"?: string }; Returns: {
              "created_at": string,"delivery_id": string,"id": string,"is_archived": boolean,"last_message": string,"last_message_at": string,"metadata": Json,"participants": Json,"title": string,"type": string,"unread_count": number,"updated_at": string
            }[]
                           },
"list_inventory_transactions":
{ Args: { "item_id"?: string,"language"?: string,"limit"?: number,"page"?: number,"search"?: string,"tenant_id"?: string,"timestamp_range_end"?: string,"timestamp_range_start"?: string,"transaction_type"?: string,"warehouse_id"?: string }; Returns: Json
                           },
"mark_all_notifications_read":
{ Args: Record<PropertyKey, never>; Returns: number
                           },
"mark_conversation_read":
{ Args: { "conversation_id": string }; Returns: undefined
                           },
"next_pick_order_reference":
{ Args: Record<PropertyKey, never>; Returns: string
                           },
"notification_stats":
{ Args: Record<PropertyKey, never>; Returns: Json
                           },
"notify_admins":
{ Args: { "body": string,"subject": string }; Returns: Json
                           },
"package_handoff_actions":
{ Args: { "package_handoff_id": string }; Returns: (string)[]
                           },
"pick_order_actions":
{ Args: { "pick_order_id": string }; Returns: (string)[]
                           },
"put_back_return_request":
{ Args: { "bin_id": string,"condition"?: string,"item_id": string,"quantity": number,"return_request_id": string }; Returns: {
              "created_at": string,
"from_bin_id": string | null,
"id": string,
"item_id": string,
"lot_number": string | null,
"performed_by": string | null,
"quantity": number,
"reason": string | null,
"reference_id": string | null,
"reference_type": string,
"serial_number": string | null,
"stock_status": string,
"tenant_id": string,
"to_bin_id": string | null,
"transaction_type": string,
"warehouse_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "inventory_transactions"
        isOneToOne: true
        isSetofReturn: false
      } },
"quote":
{ Args: { "dropoff_lat": number,"dropoff_lng": number,"pickup_lat": number,"pickup_lng": number,"ready_at"?: string,"service_id": string,"weight_kg": number }; Returns: Json
                           },
"reads_deliveries":
{ Args: { "p": Omit<Database["public"]['Tables']["profiles"]['Row'], Database["public"]['Tables']["profiles"]['ComputedFields']> }; Returns: boolean
                           },
"receive_order_actions":
{ Args: { "receive_order_id": string }; Returns: (string)[]
                           },
"receive_order_line":
{ Args: { "bin_id"?: string,"line_id": string,"lot_number"?: string,"quantity": number,"serial_number"?: string }; Returns: {
              "created_at": string,
"expected_quantity": number,
"id": string,
"item_id": string,
"lot_number": string | null,
"position": number,
"receive_order_id": string,
"received_quantity": number,
"serial_number": string | null,
"target_bin_id": string | null,
"tenant_id": string,
"updated_at": string,
"warehouse_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "receive_order_lines"
        isOneToOne: true
        isSetofReturn: false
      } },
"receive_order_putaway":
{ Args: { "receive_order_id": string }; Returns: {
              "bin_code": string,"bin_id": string,"line_id": string,"reason": string
            }[]
                           },
"record_delivery_arrival":
{ Args: { "delivery_id": string,"idempotency_key"?: string,"lat"?: number,"lng"?: number,"occurred_at"?: string,"stop": string }; Returns: {
              "action": string,
"actor_id": string | null,
"actor_name": string | null,
"assignment_id": string | null,
"delivery_id": string,
"driver_id": string | null,
"from_status": string | null,
"id": string,
"idempotency_key": string | null,
"lat": number | null,
"lng": number | null,
"note": string | null,
"occurred_at": string,
"proof": Json | null,
"reason": string | null,
"recorded_at": string,
"seq": number,
"status": string,
"tenant_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "delivery_events"
        isOneToOne: true
        isSetofReturn: false
      } },
"record_driver_position":
{ Args: { "accuracy"?: number,"heading"?: number,"lat": number,"lng": number,"recorded_at"?: string,"speed"?: number }; Returns: Json
                           },
"record_driver_positions":
{ Args: { "fixes": Json }; Returns: Json
                           },
"record_inventory_transaction":
{ Args: { "from_bin_id"?: string,"item_id": string,"lot_number"?: string,"occurred_at"?: string,"quantity": number,"reason"?: string,"reference_id"?: string,"reference_type"?: string,"serial_number"?: string,"stock_status"?: string,"to_bin_id"?: string,"transaction_type": string,"warehouse_id": string }; Returns: {
              "created_at": string,
"from_bin_id": string | null,
"id": string,
"item_id": string,
"lot_number": string | null,
"performed_by": string | null,
"quantity": number,
"reason": string | null,
"reference_id": string | null,
"reference_type": string,
"serial_number": string | null,
"stock_status": string,
"tenant_id": string,
"to_bin_id": string | null,
"transaction_type": string,
"warehouse_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "inventory_transactions"
        isOneToOne: true
        isSetofReturn: false
      } },
"record_remittance":
{ Args: { "amount": number,"delivery_ids": (string)[],"discrepancy_reason"?: string,"driver_id": string,"method": string,"note"?: string }; Returns: {
              "amount": number,
"created_at": string,
"currency": string,
"discrepancy_reason": string | null,
"driver_id": string,
"id": string,
"method": string,
"note": string,
"recorded_at": string,
"recorded_by": string | null,
"reference_number": string,
"tenant_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "remittances"
        isOneToOne: true
        isSetofReturn: false
      } },
"regenerate_inventory_label":
{ Args: { "item_id": string }; Returns: {
              "attributes": NonNullable<Json>,
"barcode": string | null,
"brand": string | null,
"category": string | null,
"created_at": string,
"description": string | null,
"dimensions": NonNullable<Json>,
"id": string,
"is_active": boolean,
"label_error": string | null,
"label_status": string,
"label_url": string | null,
"model": string | null,
"name": string,
"sku": string,
"subcategory": string | null,
"tenant_id": string,
"unit_size": number,
"updated_at": string,
"weight": number | null
            }
                          SetofOptions: {
        from: "*"
        to: "inventory_items"
        isOneToOne: true
        isSetofReturn: false
      } },
"replay_webhook_delivery":
{ Args: { "delivery_id": string }; Returns: undefined
                           },
"request_inventory_audit_recount":
{ Args: { "audit_id": string,"line_ids"?: (string)[],"threshold"?: number }; Returns: number
                           },
"resolve_failure":
{ Args: { "delivery_event_id": string,"resolution_note": string }; Returns: {
              "acknowledged_at": string,
"acknowledged_by": string | null,
"acknowledged_by_name": string | null,
"created_at": string,
"delivery_event_id": string,
"delivery_id": string,
"id": string,
"note": string | null,
"resolution_note": string | null,
"resolved_at": string | null,
"resolved_by": string | null,
"resolved_by_name": string | null,
"tenant_id": string,
"updated_at": string
            }
                          SetofOptions: {
        from: "*"
        to: "support_acknowledgements"
        isOneToOne: true
        isSetofReturn: false
      } },
"resolve_order_conversation":
{ Args: { "conversation_id": string,"resolution_note": string }; Returns: {
              "acknowledged_at": string | null,
"acknowledged_by": string | null,
"acknowledged_by_name": string | null,
"conversation_id": string,
"created_at": string,
"customer_id": string,
"delivery_id": string,
"id": string,
"last_customer_message_at": string,
"note": string | null,
"notified_at": string | null,
"resolution_note": string | null,
"resolved_at": string | null,
"resolved_by": string | null,
"resolved_by_name": string | null,
"state": string,
"tenant_id": string,
"updated_at": string,
"waiting_since": string
            }
                          SetofOptions: {
        from: "*"
        to: "conversation_support"
        isOneToOne: true
        isSetofReturn: false
      } },
"respond_to_assignment":
{ Args: { "accept": boolean,"assignment_id": string,"idempotency_key"?: string,"occurred_at"?: string,"reason"?: string }; Returns: {
              "assigned_by": string | null,
"assignment_time": string,
"cancel_reason": string | null,
"cancelled_at": string | null,
"completed_at": string | null,
"created_at": string,
"delivery_id": string,
"driver_id": string,
"id": string,
"notes": string,
"rejection_reason": string | null,
"responded_at": string | null,
"status": string,
"tenant_id": string,
"updated_at": string,
"vehicle_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "assignments"
        isOneToOne: true
        isSetofReturn: false
      } },
"return_request_actions":
{ Args: { "return_request_id": string }; Returns: (string)[]
                           },
"save_delivery_settings":
{ Args: { "p_delivery": Json,"p_tenant_id": string }; Returns: Json
                           },
"save_inventory_audit_count":
{ Args: { "counted_quantity": number,"line_id": string }; Returns: Json
                           },
"save_package_handoff":
{ Args: { "handoff": Json,"package_handoff_id": string }; Returns: Json
                           },
"save_pick_order":
{ Args: { "pick_order_id": string,"values": Json }; Returns: Json
                           },
"save_picking_settings":
{ Args: { "p_picking": Json,"p_tenant_id": string }; Returns: Json
                           },
"save_receive_order":
{ Args: { "receive_order": Json,"receive_order_id": string }; Returns: {
              "cancelled_at": string | null,
"created_at": string,
"created_by": string | null,
"expected_date": string | null,
"id": string,
"notes": string | null,
"ordered_at": string | null,
"receive_code": string,
"received_at": string | null,
"reference": string | null,
"status": string,
"supplier_id": string,
"tenant_id": string,
"updated_at": string,
"warehouse_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "receive_orders"
        isOneToOne: true
        isSetofReturn: false
      } },
"save_tenant_brand":
{ Args: { "p_brand": Json,"p_tenant_id": string }; Returns: undefined
                           },
"save_tenant_settings":
{ Args: { "p_contact_info": Json,"p_general": Json,"p_maps_key": string,"p_name": string,"p_tenant_id": string }; Returns: undefined
                           },
"save_warehouse":
{ Args: { "p_values": Json,"p_warehouse_id": string }; Returns: Json
                           },
"search_delivery_ids":
{ Args: { "term": string }; Returns: string[]
                           },
"send_message":
{ Args: { "client_id"?: string,"content": string,"conversation_id": string,"message_type"?: string }; Returns: {
              "client_id": string | null,
"content": string,
"conversation_id": string,
"created_at": string,
"id": string,
"message_type": string,
"sender_id": string | null,
"tenant_id": string,
"updated_at": string
            }
                          SetofOptions: {
        from: "*"
        to: "messages"
        isOneToOne: true
        isSetofReturn: false
      } },
"set_conversation_archived":
{ Args: { "archived": boolean,"conversation_id": string }; Returns: {
              "created_at": string,
"created_by": string | null,
"delivery_id": string | null,
"id": string,
"is_archived": boolean,
"last_message_at": string | null,
"metadata": NonNullable<Json>,
"tenant_id": string,
"title": string,
"type": string,
"updated_at": string
            }
                          SetofOptions: {
        from: "*"
        to: "conversations"
        isOneToOne: true
        isSetofReturn: false
      } },
"set_driver_status":
{ Args: { "driver_id": string,"status": string }; Returns: {
              "created_at": string,
"default_vehicle_id": string | null,
"home_zone_id": string | null,
"id": string,
"last_accuracy": number | null,
"last_heading": number | null,
"last_lat": number | null,
"last_lng": number | null,
"last_position_at": string | null,
"last_speed": number | null,
"licence_class": string,
"licence_expiry": string,
"licence_number": string,
"notes": string,
"phone": string | null,
"status": string,
"status_changed_at": string,
"tenant_id": string,
"updated_at": string
            }
                          SetofOptions: {
        from: "*"
        to: "drivers"
        isOneToOne: true
        isSetofReturn: false
      } },
"take_out_of_pick_batch":
{ Args: { "pick_order_id": string }; Returns: Json
                           },
"take_public_rate_limit":
{ Args: { "p_client": string,"p_limit": number,"p_window_seconds": number }; Returns: Json
                           },
"tenant_currency":
{ Args: Record<PropertyKey, never>; Returns: string
                           },
"track_delivery":
{ Args: { "token": string }; Returns: Json
                           },
"tracking_proof_photos":
{ Args: { "token": string }; Returns: Json
                           },
"transition_delivery":
{ Args: { "delivery_id": string,"idempotency_key"?: string,"lat"?: number,"lng"?: number,"note"?: string,"occurred_at"?: string,"proof"?: Json,"reason"?: string,"status": string }; Returns: {
              "accepted_at": string | null,
"assigned_at": string | null,
"barcode": string,
"cancelled_at": string | null,
"cod_amount": number,
"created_at": string,
"created_by": string | null,
"currency": string,
"customer_id": string,
"delivered_at": string | null,
"delivery_code": string,
"driver_id": string | null,
"dropoff_address": NonNullable<Json>,
"dropoff_address_id": string | null,
"dropoff_lat": number,
"dropoff_lng": number,
"dropoff_window_end": string | null,
"dropoff_window_start": string | null,
"dropoff_zone_id": string | null,
"external_reference_id": string | null,
"failed_at": string | null,
"id": string,
"in_transit_at": string | null,
"kind": string,
"notes": string,
"order_id": string | null,
"package_count": number,
"packages": NonNullable<Json>,
"picked_up_at": string | null,
"pickup_address": NonNullable<Json>,
"pickup_address_id": string | null,
"pickup_lat": number,
"pickup_lng": number,
"pickup_window_end": string | null,
"pickup_window_start": string | null,
"pickup_zone_id": string | null,
"price": number,
"price_override_reason": string | null,
"priority": string,
"proof": NonNullable<Json>,
"quote": Json | null,
"returned_at": string | null,
"service_id": string,
"status": string,
"status_reason": string | null,
"tenant_id": string,
"total_weight_kg": number,
"tracking_token": string,
"updated_at": string,
"vehicle_id": string | null
            }
                          SetofOptions: {
        from: "*"
        to: "deliveries"
        isOneToOne: true
        isSetofReturn: false
      } },
"transition_exception":
{ Args: { "exception_id": string,"note"?: string,"resolution_notes"?: string,"status": string }; Returns: {
              "assigned_to": string | null,
"created_at": string,
"delivery_id": string,
"description": string,
"exception_code": string,
"id": string,
"photos": NonNullable<Json>,
"reported_by": string | null,
"resolution_notes": string | null,
"resolved_at": string | null,
"resolved_by": string | null,
"severity": string,
"status": string,
"tenant_id": string,
"type": string,
"updated_at": string
            }
                          SetofOptions: {
        from: "*"
        to: "exceptions"
        isOneToOne: true
        isSetofReturn: false
      } },
"transition_inventory_audit":
{ Args: { "audit_id": string,"note"?: string,"reasons"?: Json,"status": string }; Returns: {
              "audit_type": string,
"cancelled_at": string | null,
"completed_at": string | null,
"completed_by": string | null,
"created_at": string,
"created_by": string | null,
"id": string,
"notes": string | null,
"scheduled_date": string | null,
"scope_item_ids": (string)[],
"scope_location_ids": (string)[],
"started_at": string | null,
"status": string,
"tenant_id": string,
"updated_at": string,
"warehouse_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "inventory_audits"
        isOneToOne: true
        isSetofReturn: false
      } },
"transition_pick_order":
{ Args: { "note"?: string,"pick_order_id": string,"status": string }; Returns: Json
                           },
"transition_receive_order":
{ Args: { "note"?: string,"receive_order_id": string,"status": string }; Returns: {
              "cancelled_at": string | null,
"created_at": string,
"created_by": string | null,
"expected_date": string | null,
"id": string,
"notes": string | null,
"ordered_at": string | null,
"receive_code": string,
"received_at": string | null,
"reference": string | null,
"status": string,
"supplier_id": string,
"tenant_id": string,
"updated_at": string,
"warehouse_id": string
            }
                          SetofOptions: {
        from: "*"
        to: "receive_orders"
        isOneToOne: true
        isSetofReturn: false
      } },
"transition_return_request":
{ Args: { "note"?: string,"refunded"?: boolean,"return_request_id": string,"schedule_pickup"?: boolean,"status": string,"warehouse_id"?: string }; Returns: {
              "closed_at": string | null,
"created_at": string,
"currency": string,
"customer_id": string,
"delivery_id": string,
"id": string,
"items": NonNullable<Json>,
"notes": string,
"order_id": string | null,
"photos": NonNullable<Json>,
"pickup_delivery_id": string | null,
"reason": string,
"reason_text": string | null,
"received_at": string | null,
"received_by": string | null,
"refund_amount": number,
"refunded": boolean | null,
"requested_by": string | null,
"return_code": string,
"status": string,
"tenant_id": string,
"updated_at": string,
"warehouse_id": string | null
            }
                          SetofOptions: {
        from: "*"
        to: "return_requests"
        isOneToOne: true
        isSetofReturn: false
      } },
"unassign_delivery":
{ Args: { "delivery_id": string,"reason"?: string }; Returns: {
              "accepted_at": string | null,
"assigned_at": string | null,
"barcode": string,
"cancelled_at": string | null,
"cod_amount": number,
"created_at": string,
"created_by": string | null,
"currency": string,
"customer_id": string,
"delivered_at": string | null,
"delivery_code": string,
"driver_id": string | null,
"dropoff_address": NonNullable<Json>,
"dropoff_address_id": string | null,
"dropoff_lat": number,
"dropoff_lng": number,
"dropoff_window_end": string | null,
"dropoff_window_start": string | null,
"dropoff_zone_id": string | null,
"external_reference_id": string | null,
"failed_at": string | null,
"id": string,
"in_transit_at": string | null,
"kind": string,
"notes": string,
"order_id": string | null,
"package_count": number,
"packages": NonNullable<Json>,
"picked_up_at": string | null,
"pickup_address": NonNullable<Json>,
"pickup_address_id": string | null,
"pickup_lat": number,
"pickup_lng": number,
"pickup_window_end": string | null,
"pickup_window_start": string | null,
"pickup_zone_id": string | null,
"price": number,
"price_override_reason": string | null,
"priority": string,
"proof": NonNullable<Json>,
"quote": Json | null,
"returned_at": string | null,
"service_id": string,
"status": string,
"status_reason": string | null,
"tenant_id": string,
"total_weight_kg": number,
"tracking_token": string,
"updated_at": string,
"vehicle_id": string | null
            }
                          SetofOptions: {
        from: "*"
        to: "deliveries"
        isOneToOne: true
        isSetofReturn: false
      } },
"unremitted_deliveries":
{ Args: { "driver_id": string }; Returns: {
              "cod_amount": number,"currency": string,"delivered_at": string,"delivery_code": string,"dropoff_address": string,"id": string
            }[]
                           },
"update_conversation_participants":
{ Args: { "action": string,"conversation_id": string,"role"?: string,"user_ids": (string)[] }; Returns: {
              "conversation_id": string,
"id": string,
"joined_at": string,
"last_read_at": string | null,
"role": string,
"tenant_id": string,
"user_id": string
            }[]
                          SetofOptions: {
        from: "*"
        to: "conversation_participants"
        isOneToOne: false
        isSetofReturn: true
      } },
"webhook_dispatch_claim":
{ Args: { "batch"?: number,"lease"?: string }; Returns: {
              "attempt": number,"delivery_id": string,"event_type": string,"message_id": string,"payload": Json,"secret_header_key": string,"secret_header_value": string,"signing_secret": string,"webhook_url": string
            }[]
                           },
"webhook_dispatch_enter":
{ Args: { "lease"?: string }; Returns: string
                           },
"webhook_dispatch_leave":
{ Args: { "token": string }; Returns: undefined
                           },
"webhook_dispatch_record":
{ Args: { "results": Json }; Returns: undefined
                           },
"zones_containing":
{ Args: { "lat": number,"lng": number }; Returns: {
              "active": boolean,
"boundary": unknown,
"code": string,
"color": string,
"created_at": string,
"description": string,
"id": string,
"name": string,
"polygon": NonNullable<Json>,
"tenant_id": string,
"updated_at": string
            }[]
                          SetofOptions: {
        from: "*"
        to: "zones"
        isOneToOne: false
        isSetofReturn: true
      } }
          }
          Enums: {
            [_ in never]: never
          }
          CompositeTypes: {
            [_ in never]: never
          }
        }
}

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never

export const Constants = {
  "public": {
          Enums: {
            
          }
        }
} as const
