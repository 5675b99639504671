/**
 * A zod schema of the state JSON of commands.md §4 (what `replay` prints and `/export` gives). The documented
 * fields are required with their types; more fields may be added (§4), so objects are loose. `stateSchemaFor(map)`
 * adds the checks that need the map: keys are the map's ids, sea zones carry stacks, land carries owner/armies.
 */
import { z } from 'zod';
import type { GameMap } from '../../europe/map/index.ts';
import { isLandKind } from '../../europe/map/index.ts';
import { ERROR_CODES } from '../engine/index.ts';

const Id = z.string().min(1);
const Int = z.number().int();
const NonNeg = Int.min(0);
export const ErrorCodeSchema = z.enum(ERROR_CODES);

const sortedStrings = (a: string[]) => a.every((x, i) => i === 0 || a[i - 1]! <= x);
const Pair = z.tuple([Id, Id]).refine(([a, b]) => a < b, 'a pair is sorted and of two different countries');

export const CountrySchema = z.looseObject({
  score: Int,
  alive: z.boolean(),
  overlord: Id.nullable(),
  bankrupt: z.boolean(),
  industry: NonNeg,
  tech: z.looseObject({ airship: NonNeg, spy: NonNeg, comms: NonNeg }),
  techDone: z.array(z.enum(['airship', 'spy', 'comms'])).refine((a) => new Set(a).size === a.length, 'techDone has no repeats'),
  mobilization: z.looseObject({ partialUsed: z.boolean(), nationalUsed: z.boolean(), halfIncomeLeft: NonNeg }),
  blockadeLeft: NonNeg,
  committed: z.boolean(),
});

export const LandSchema = z.strictObject({ owner: Id.nullable(), armies: NonNeg });
export const SeaSchema = z.strictObject({ stacks: z.record(Id, Int.min(1)) });

export const LogLineSchema = z.looseObject({
  line: Int.min(1).optional(),
  turn: Int.min(1),
  speaker: z.string().min(1),
  command: z.string().min(1),
  ok: z.boolean(),
  code: ErrorCodeSchema.optional(),
  message: z.string().optional(),
}).refine((l) => l.ok === (l.code === undefined), 'a refused command has a code, an accepted one none');

export const StateJsonSchema = z.looseObject({
  turn: Int.min(1),
  status: z.enum(['running', 'ended']),
  // [] when nobody is left standing (everyone left in the same resolution, R11 'last independent country').
  winner: z.array(Id).refine(sortedStrings, 'winner is sorted').nullable(),
  countries: z.record(Id, CountrySchema),
  territories: z.record(Id, z.union([LandSchema, SeaSchema])),
  arsenals: z.record(Id, NonNeg),
  wars: z.array(z.looseObject({ attacker: Id, defender: Id, declaredTurn: Int.min(1), active: z.boolean() })),
  alliances: z.array(Pair).refine((a) => sortedStrings(a.map((p) => p.join('|'))), 'alliances are sorted'),
  pacts: z.array(z.looseObject({ between: Pair, untilTurn: Int.min(1) })),
  truces: z.array(z.looseObject({ winner: Id, loser: Id, untilTurn: Int.min(1) })),
  pending: z.array(z.looseObject({ id: Int.min(1), kind: z.string().min(1), from: Id, to: Id, turn: Int.min(1) })),
  log: z.array(LogLineSchema),
  lastEvents: z.array(z.looseObject({ type: z.string().min(1) })),
}).refine((s) => (s.status === 'ended') === (s.winner !== null), 'a winner exactly when the game has ended');

/** The §4 schema plus what the map says: every key an id of the map, land and sea in their own shapes. */
export function stateSchemaFor(map: GameMap) {
  const countries = new Set(map.countries.filter((c) => c.playable !== false).map((c) => c.id));
  return StateJsonSchema.superRefine((s, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    for (const c of Object.keys(s.countries)) if (!countries.has(c)) issue(`countries: ${c} is not a playable country of the map`);
    for (const c of Object.keys(s.arsenals)) if (!countries.has(c)) issue(`arsenals: ${c} is not a playable country of the map`);
    for (const t of map.territories) {
      const x = s.territories[t.id];
      if (t.kind === 'arsenal') { if (x) issue(`territories: arsenal ${t.id} is listed`); continue; }
      if (!x) { issue(`territories: ${t.id} is missing`); continue; }
      if (t.kind === 'sea' && !('stacks' in x)) issue(`territories: sea ${t.id} has no stacks (a sea zone is never owned)`);
      if (isLandKind(t.kind) && !('owner' in x)) issue(`territories: ${t.id} has no owner field`);
      if ('owner' in x && x.owner !== null && !countries.has(x.owner)) issue(`territories: ${t.id} owned by ${x.owner}, not a country of the map`);
    }
    for (const id of Object.keys(s.territories)) if (!map.territory.has(id)) issue(`territories: ${id} is not a territory of the map`);
    for (const w of s.wars) for (const c of [w.attacker, w.defender]) if (!countries.has(c)) issue(`wars: ${c} unknown`);
  });
}
