import { fetchRawTenantSettings, invalidateTenantSettings, readTenantSettings, type TenantSettings } from '../../lib/tenant-settings';
import { supabase } from '../../lib/supabase';
import { toSettingsSave, type PickingSettingsFormOutput, type SystemSettingsFormOutput, type TenantProfile } from './schema';

/** The tenant's public face (name, contact) and its private settings, for the system-settings form. */
export async function getSystemSettings(tenantId: string): Promise<{ profile: TenantProfile; settings: TenantSettings }> {
  const [tenant, raw] = await Promise.all([
    supabase.from('tenants').select('name, contact_info').eq('id', tenantId).single(),
    fetchRawTenantSettings(tenantId),
  ]);
  if (tenant.error) throw tenant.error;
  const name = (tenant.data.name as { en?: unknown } | null)?.en;
  const contact = (tenant.data.contact_info ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    profile: { name: text(name), contact: { phone: text(contact.phone), email: text(contact.email), address: text(contact.address) } },
    settings: readTenantSettings(raw),
  };
}

/** Throws the PostgREST error as is: the form maps its {field, message} details onto its fields. */
export async function saveSystemSettings(tenantId: string, values: SystemSettingsFormOutput): Promise<void> {
  const save = toSettingsSave(values);
  const { error } = await supabase.rpc('save_tenant_settings', {
    p_tenant_id: tenantId,
    p_name: save.name,
    p_contact_info: save.contact_info,
    p_general: save.general,
    p_maps_key: save.maps_key,
  });
  if (error) throw error;
  invalidateTenantSettings(tenantId);
}

/** The tenant's default caps for batches and waves; every screen reading the settings reads them again. */
export async function savePickingSettings(tenantId: string, values: PickingSettingsFormOutput): Promise<void> {
  const { error } = await supabase.rpc('save_picking_settings', { p_tenant_id: tenantId, p_picking: values.picking });
  if (error) throw error;
  invalidateTenantSettings(tenantId);
}
