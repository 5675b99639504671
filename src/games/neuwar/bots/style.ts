/**
 * The three styles as numbers the planner reads. What makes them differ (issue 13): aggressive expands, buys
 * armies for its wars and declares war on its weakest neighbour when it can win; defensive never declares war,
 * keeps more at home, builds industry longest and asks strong neighbours for pacts; balanced sits between.
 */
import type { BotStyle } from './types.ts';

export interface StyleParams {
  /** Share of the hostile armies next to a territory expected to strike it this turn (R10.5 hold: d ≥ a/1.5). */
  threat: number;
  /** The same at the capital (R5.5: a fallen capital ends every war as lost). */
  capitalThreat: number;
  /** Share of the armies of countries whose war becomes active next turn (R5.1), held ready a turn early. */
  soon: number;
  /** Enemy reinforcements expected at an attacked territory, as a share of its owner's armies next to it. */
  reinforce: number;
  /** Extra attackers beyond the fewest that win (R10.5), as a share of them. */
  margin: number;
  /** Points one army lost is worth when a capture is weighed. */
  armyValue: number;
  /** Declares war only with this many times the target's armies (Infinity: never). */
  warRatio: number;
  /** Most wars it fights as attacker at once. */
  maxWars: number;
  /** Score it never spends below (R12: ≤ 0 after a resolution is bankruptcy). */
  reserve: number;
  /** Industry (R8.2) is bought while the payments still to come are at least this many times its cost. */
  industryPayback: number;
  /** Share of the score above its reserve spent on armies in a turn of war (R8.1). */
  warBuy: number;
  /** Asks for a non-aggression pact (R6.3) with a neighbour this many times stronger. */
  pactRatio: number;
  /** Points the first turn of a war must bring beyond its cost (R5.1 warCost) before it declares. */
  warGain: number;
  /** Earliest turn it declares war. */
  firstWarTurn: number;
}

export const STYLES: Record<BotStyle, StyleParams> = {
  aggressive: {
    threat: 0.45, capitalThreat: 1.0, soon: 0.25, reinforce: 0.15, margin: 0.3, armyValue: 0.6,
    warRatio: 1.3, maxWars: 2, reserve: 15, industryPayback: 1.6, warBuy: 0.5, pactRatio: 2.5, warGain: 15, firstWarTurn: 2,
  },
  balanced: {
    threat: 0.6, capitalThreat: 1.1, soon: 0.3, reinforce: 0.25, margin: 0.15, armyValue: 0.8,
    warRatio: 2.0, maxWars: 1, reserve: 20, industryPayback: 1.25, warBuy: 0.25, pactRatio: 2.0, warGain: 40, firstWarTurn: 4,
  },
  defensive: {
    threat: 0.8, capitalThreat: 1.3, soon: 0.4, reinforce: 0.35, margin: 0.1, armyValue: 1.0,
    warRatio: Infinity, maxWars: 0, reserve: 25, industryPayback: 1.0, warBuy: 0, pactRatio: 1.0, warGain: Infinity, firstWarTurn: Infinity,
  },
};
