export { buildMap, MapError, edgeKey, isLandKind, type GameMap } from './gamemap.ts';
export { loadMapFile } from './load.ts';
export { mapExamples, type Examples } from './examples.ts';
export { normalizeName, idKey, findName } from './names.ts';
export { MapFileSchema, type MapFile, type CountryDef, type TerritoryDef, type RegionDef, type Kind } from './schema.ts';
