import { z } from 'zod';
import { tenantRecord } from '../../lib/row-schema';
import { drawingProblem, fromGeoJsonPolygon, toGeoJsonPolygon, type DrawState, type GeoJsonPolygon } from '../../ui/map';

export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** The database's words (private.zone_problems, private.zone_polygon_problem). */
export const ZONE_MESSAGES = {
  nameRequired: 'Name is required',
  nameLength: 'Name must be at most 120 characters',
  codeRequired: 'Code is required',
  codeFormat: 'Code must be up to 32 letters, digits, - or _, starting with a letter or digit',
  description: 'Description must be at most 1000 characters',
  color: 'Colour must be a hex colour such as #2563eb',
} as const;

/** Colours offered for a new zone, one after the other. */
export const ZONE_COLORS = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#dc2626', '#0891b2', '#db2777', '#65a30d'] as const;

export const ZoneFormSchema = z.object({
  name: z.string().trim().min(1, ZONE_MESSAGES.nameRequired).max(120, ZONE_MESSAGES.nameLength),
  code: z.string().trim().min(1, ZONE_MESSAGES.codeRequired).regex(CODE_PATTERN, ZONE_MESSAGES.codeFormat),
  description: z.string().max(1000, ZONE_MESSAGES.description),
  color: z.string().regex(COLOR_PATTERN, ZONE_MESSAGES.color),
  polygon: z
    .custom<DrawState>((value) => typeof value === 'object' && value !== null && Array.isArray((value as DrawState).vertices))
    .superRefine((value, ctx) => {
      const problem = drawingProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => toGeoJsonPolygon(value) as GeoJsonPolygon),
  active: z.boolean(),
});

export type ZoneFormInput = z.input<typeof ZoneFormSchema>;
export type ZoneFormOutput = z.output<typeof ZoneFormSchema>;

export const zoneSchema = z.object({
  ...tenantRecord,
  name: z.string(),
  code: z.string(),
  description: z.string(),
  color: z.string(),
  polygon: z.unknown(),
  active: z.boolean(),
});
export type Zone = z.infer<typeof zoneSchema>;

export function emptyZoneForm(colorIndex = 0): ZoneFormInput {
  return { name: '', code: '', description: '', color: ZONE_COLORS[colorIndex % ZONE_COLORS.length]!, polygon: { vertices: [], closed: false }, active: true };
}

export function toZoneFormValues(zone: Zone): ZoneFormInput {
  return { name: zone.name, code: zone.code, description: zone.description, color: zone.color, polygon: fromGeoJsonPolygon(zone.polygon), active: zone.active };
}

/** The number of distinct points of a stored outline. */
export const pointCount = (zone: Pick<Zone, 'polygon'>) => fromGeoJsonPolygon(zone.polygon).vertices.length;
