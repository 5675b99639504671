/**
 * A new duel's setup options (duel.md D10.2's `/duel … seed rated`, the same through `/game new game:duel
 * rules:seed=7`): not D10.9 settings — they act once, at the start — so they ride in the game's stored settings
 * until then and the start entry takes them out. `seed`: the capital draw's seed instead of the one the service
 * draws (a chosen seed makes the game unrated, D9.2). `rated`: false asks for an unrated game; true is the default
 * wherever D9.2 allows (whether it may be asked is the challenge's check, decideRated). `via`: how the duel came to
 * be — a Discord challenge accepted (`challenge`), `/duel bot:` (`bot`), `/arena` (`arena`, D10.4: never rated), the
 * page's lobby (`lobby`); none for `/game new game:duel`, whose players /join and a judge /starts. It changes what the
 * new game's first message tells the players (module.ts `created`).
 */

/** D10.7's seed range. */
export const SEED_MAX = 4294967295;

/** How a duel came to be (see above). */
export const DUEL_VIA = ['challenge', 'bot', 'arena', 'lobby'] as const;
export type DuelVia = (typeof DUEL_VIA)[number];

export interface SetupOptions { seed?: number; rated?: boolean; via?: DuelVia }

type Refusal = { ok: false; key: string; zh: string; en: string };

/** Splits the setup options off settings (stored or a patch), checking them; the rest are D10.9's settings. */
export function splitSetupOptions(raw: Record<string, unknown>): { ok: true; options: SetupOptions; rest: Record<string, unknown> } | Refusal {
  const { seed, rated, via, ...rest } = raw;
  const options: SetupOptions = {};
  if (seed !== undefined) {
    const n = typeof seed === 'string' && /^\s*\d+\s*$/.test(seed) ? Number(seed) : seed;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > SEED_MAX) {
      return { ok: false, key: 'seed', zh: `seed 要写成 0…${SEED_MAX} 的整数（D10.7）`, en: `seed is a whole number 0…${SEED_MAX} (D10.7)` };
    }
    options.seed = n;
  }
  if (rated !== undefined) {
    const b = rated === 'true' ? true : rated === 'false' ? false : rated;
    if (typeof b !== 'boolean') return { ok: false, key: 'rated', zh: 'rated 只能是 true 或 false', en: 'rated is true or false' };
    options.rated = b;
  }
  if (via !== undefined) {
    if (!DUEL_VIA.includes(via as DuelVia)) return { ok: false, key: 'via', zh: `via 只能是 ${DUEL_VIA.join('、')}`, en: `via is one of ${DUEL_VIA.join(', ')}` };
    options.via = via as DuelVia;
  }
  return { ok: true, options, rest };
}

/** The options as stored beside the settings (a later patch's win over the stored ones). */
export function withSetupOptions(settings: Record<string, unknown>, ...layers: SetupOptions[]): Record<string, unknown> {
  const out = { ...settings };
  for (const o of layers) {
    if (o.seed !== undefined) out.seed = o.seed;
    if (o.rated !== undefined) out.rated = o.rated;
    if (o.via !== undefined) out.via = o.via;
  }
  return out;
}
