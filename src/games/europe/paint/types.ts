/** The types the renderer reads, in one place (engine state, map definitions). */
export type { GameState, LandState, SeaState, GameEvent, CountryState } from '../../neuwar/engine/index.ts';
export type { TerritoryDef as TerritoryDefLike } from '../map/index.ts';
