/**
 * The caps of a batch or wave (tenants.settings.picking): the bounds public.build_pick_batch and
 * the settings' check accept, and the defaults a tenant that chose none builds with. Apart from
 * tenant-settings.ts so that pure modules (schemas) read them without the supabase client.
 */
export const PICKING_CAPS = { orders: { min: 2, max: 50, initial: 10 }, lines: { min: 1, max: 200, initial: 40 } } as const;
