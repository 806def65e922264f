
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
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"audit_log": {
                  Row: {
                    "action": string,"actor_id": string | null,"actor_name": string | null,"changed_columns": (string)[],"created_at": string,"id": string,"new_values": Json | null,"old_values": Json | null,"row_id": string,"table_name": string,"tenant_id": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "action": string,"actor_id"?: string | null,"actor_name"?: string | null,"changed_columns"?: (string)[],"created_at"?: string,"id"?: string,"new_values"?: Json | null,"old_values"?: Json | null,"row_id": string,"table_name": string,"tenant_id": string,"updated_at"?: string
                  }
                  Update: {
                    "action"?: string,"actor_id"?: string | null,"actor_name"?: string | null,"changed_columns"?: (string)[],"created_at"?: string,"id"?: string,"new_values"?: Json | null,"old_values"?: Json | null,"row_id"?: string,"table_name"?: string,"tenant_id"?: string,"updated_at"?: string
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
      referencedRelation: "profiles"
      referencedColumns: ["id","tenant_id"]
    }
                  ]
                },"profiles": {
                  Row: {
                    "avatar_url": string | null,"created_at": string,"email": string,"first_name": string | null,"full_name": string | null,"id": string,"last_name": string | null,"panel_type": string,"phone": string | null,"roles": (string)[],"status": string,"tenant_id": string,"updated_at": string,"user_type": string
                  }
                  ComputedFields: never
                  Insert: {
                    "avatar_url"?: string | null,"created_at"?: string,"email": string,"first_name"?: string | null,"full_name"?: never,"id": string,"last_name"?: string | null,"panel_type": string,"phone"?: string | null,"roles"?: (string)[],"status"?: string,"tenant_id": string,"updated_at"?: string,"user_type"?: string
                  }
                  Update: {
                    "avatar_url"?: string | null,"created_at"?: string,"email"?: string,"first_name"?: string | null,"full_name"?: never,"id"?: string,"last_name"?: string | null,"panel_type"?: string,"phone"?: string | null,"roles"?: (string)[],"status"?: string,"tenant_id"?: string,"updated_at"?: string,"user_type"?: string
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
                }
          }
          Views: {
            [_ in never]: never
          }
          Functions: {
            "get_tenant_settings":
{ Args: { "p_tenant_id": string }; Returns: Json
                           },
"list_audit_actors":
{ Args: { "p_tenant_id": string }; Returns: {
              "actor_id": string,"actor_name": string
            }[]
                           },
"mark_all_notifications_read":
{ Args: Record<PropertyKey, never>; Returns: number
                           },
"notification_stats":
{ Args: Record<PropertyKey, never>; Returns: Json
                           }
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
