import { PANEL_TYPES, type PanelType } from '../../lib/paths';
import { supabase } from '../../lib/supabase';

export type PanelCounts = Record<PanelType, number>;

/** How many users of the tenant work in each panel (exact counts, no rows transferred). */
export async function countUsersByPanel(tenantId: string): Promise<PanelCounts> {
  const results = await Promise.all(
    PANEL_TYPES.map(async (panel) => {
      const { count, error } = await supabase.from('profiles').select('id', { count: 'exact', head: true }).eq('tenant_id', tenantId).eq('panel_type', panel);
      if (error) throw new Error(error.message);
      return [panel, count ?? 0] as const;
    }),
  );
  return Object.fromEntries(results) as PanelCounts;
}
