/**
 * Trigger points for the generals' skills (issue 18: "skills plug into trigger points the engine already fires",
 * G21's event order). The engine fires each point at its place in G6.2 (card use), G8.1 (damage sub-steps),
 * G11.1 (the dying one's own place in the rescue round), G12.1 step 4 (death) and G13.7 (reveal); with skills
 * off no hook is registered and firing does nothing. A hook runs inside the step (it may ask, flow.ts) and may
 * change the point's mutable data (a damage's amount, `prevented`). Hooks are registered once, at load time,
 * by the skill files of a later issue; the same hooks for every game keep replay deterministic.
 */
import type { Ctx } from './flow.ts';
import type { Nature, UsedCard } from './types.ts';

/** A damage instance as its sub-steps see and change it (G8.1). */
export interface DamageData { source: number | null; target: number; n: number; nature: Nature; card: UsedCard | null; chained: boolean; prevented: boolean }

export type TriggerEvent =
  | { point: 'cardUsed' | 'cardFinished'; user: number; card: UsedCard; targets: number[] }
  | { point: 'targetConfirmed' | 'cardEffect'; user: number; card: UsedCard; target: number }
  | { point: 'damageCaused' | 'damageDetermine' | 'damageInflicted' | 'damageDetermineInflicted' | 'hpDamaged' | 'damageDone' | 'damaged'; damage: DamageData }
  | { point: 'dyingSelf'; seat: number }
  | { point: 'death'; seat: number; killer: number | null }
  | { point: 'revealed'; seat: number; which: 0 | 1 };

export type Hook = (ctx: Ctx, e: TriggerEvent) => void;

const hooks: Hook[] = [];

/** Registers a hook (skills, tests); returns its removal. */
export function onTrigger(h: Hook): () => void {
  hooks.push(h);
  return () => { const k = hooks.indexOf(h); if (k >= 0) hooks.splice(k, 1); };
}

/** Fires a trigger point: every hook in registration order (G21.1's seat order is the hooks' own business). */
export function trigger(ctx: Ctx, e: TriggerEvent): void {
  for (const h of hooks) h(ctx, e);
}
