import { z } from 'zod';

/** commands.md §2: the map file format. */
export const LocalizedName = z.object({ zh: z.string().min(1), en: z.string().min(1) });

export const TerritoryKind = z.enum(['land', 'city', 'capital', 'sea', 'arsenal']);

export const CountryDefSchema = z.object({
  id: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'country ids are letters, digits and _'),
  name: LocalizedName,
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must be #rrggbb'),
  aliases: z.array(z.string().min(1)).optional(),
  playable: z.boolean().optional(),
});

export const TerritoryDefSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]+$/, 'territory ids are letters, digits, _ and -'),
  name: LocalizedName,
  kind: TerritoryKind,
  owner: z.string().optional(),
  armies: z.number().int().min(0).optional(),
  aliases: z.array(z.string().min(1)).optional(),
  pos: z.tuple([z.number(), z.number()]).optional(),
  shape: z.string().optional(),
  region: z.string().optional(),
});

export const EdgeSchema = z.union([
  z.tuple([z.string(), z.string()]),
  z.tuple([z.string(), z.string(), z.literal('strait')]),
]);

export const RegionSchema = z.object({
  id: z.string().min(1),
  name: LocalizedName,
  aliases: z.array(z.string().min(1)).optional(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});

export const MapFileSchema = z.object({
  id: z.string().min(1),
  name: LocalizedName,
  size: z.tuple([z.number().positive(), z.number().positive()]).optional(),
  countries: z.array(CountryDefSchema).min(1),
  territories: z.array(TerritoryDefSchema).min(1),
  edges: z.array(EdgeSchema),
  regions: z.array(RegionSchema).optional(),
  /** Free-form provenance (generator settings, data licence); ignored by the engine. */
  meta: z.record(z.string(), z.unknown()).optional(),
});

export type MapFile = z.infer<typeof MapFileSchema>;
export type CountryDef = z.infer<typeof CountryDefSchema>;
export type TerritoryDef = z.infer<typeof TerritoryDefSchema>;
export type RegionDef = z.infer<typeof RegionSchema>;
export type Kind = z.infer<typeof TerritoryKind>;
