/**
 * The types the renderer reads, in one place (its input, map definitions). The painter's input is what it reads
 * of a game, not a whole engine state: New European War's GameState is one (it has all of it, and sets no
 * `look`); Europe Duel gives a view of its board in this shape with a `look` of its own (duel/draw.ts).
 */
import type { CountryState, GameEvent, GameState as WarState, LandState, SeaState } from '../../neuwar/engine/index.ts';

export type { LandState, SeaState, GameEvent, CountryState } from '../../neuwar/engine/index.ts';
export type { TerritoryDef as TerritoryDefLike } from '../map/index.ts';

/** A legend row: a colour chip, a label and a right-aligned figure (greyed: a country out of the game). */
export interface LegendRow { color: string; colors?: string[]; label: string; right: string; grey?: boolean }

/** The legend's key entries, in the order they are drawn. */
export type LegendKey = 'capital' | 'city' | 'value' | 'arsenal' | 'move' | 'attack' | 'failed' | 'capture';

/**
 * How another game's board looks on the Europe map, where New European War's rules would draw it otherwise.
 * Owner ids are the state's own (`LandState.owner`, sea stacks' keys, the events' countries); the map's
 * countries are then only geography.
 */
export interface MapLook {
  /** An owner's colour: arrows, sea-stack chips and count-badge outlines (the map's country colour otherwise). */
  colors: Record<string, string>;
  /** A land territory's fill now (owners' colours, neutral). */
  fill(id: string): string;
  /** Whose a territory is for borders: a land border between two different keys is drawn thick. */
  ownerKey(id: string): string;
  /** The mark before a land territory's name: 'capital' ★, 'city' ●, 'v1' … 'v3' that many value pips, '' none. */
  marker(id: string): string;
  /**
   * Names on land in white on a dark fill and black on a light one (textOn), for saturated fills where black type
   * reads poorly (a halo would too, but costs ~10% of the PNG's bytes, and Europe's map is near 1 MB already).
   */
  contrastNames: boolean;
  /** Whether players can ask for a region zoom: the legend's note on labels left out points there only then. */
  zooms: boolean;
  /** Whether arsenals are labelled with their depot (false: they are not part of this game). */
  arsenals: boolean;
  /** The full map's legend: its rows and key entries. */
  legend: { rows: LegendRow[]; keys: LegendKey[] };
  /** The header band: the title (left) and the words on the right (a region zoom's name goes there instead). */
  header: { title: string; right: string };
}

/** What the painter reads of a game's state (its files call it GameState). */
export interface PaintState {
  turn: number;
  status: WarState['status'];
  winner?: string[] | null;
  territories: Record<string, LandState | SeaState>;
  arsenals?: Record<string, number>;
  countries: Record<string, Pick<CountryState, 'alive' | 'overlord' | 'player' | 'bot' | 'autopilot'>>;
  settings?: Partial<Pick<WarState['settings'], 'language' | 'autopilot'>>;
  lastEvents?: GameEvent[];
  /** Another game's look (none: New European War's). */
  look?: MapLook;
}

export type GameState = PaintState;
