/**
 * 马术 Mashu (locked; H-SHU-06 马超, H-QUN-07 庞德, H-QUN-10 马腾): your distance to other characters −1 (G7.2, after
 * the horses; a distance below 1 counts as 1). One factory for the three generals.
 * Usage: `import { mashuFor } from '../mashu.ts';` then `export default [mashuFor('hs__machao'), …]` in the general's file.
 *
 * A continuous rule (triggers.ts `kind: 'rule'`, `distance`): core.ts distance reads it while the general is revealed
 * (G13.3); while hidden it does not apply, and a declared use legal only with it (a 杀 on a character in range thanks
 * to 马术) reveals the general (G13.4, use.ts). `revealLockedInPlay` lets its owner reveal it in the play phase (G13.2).
 */
import type { RuleSkill } from '../triggers.ts';

/** 马术 for general `general` (engine id, e.g. `hs__mateng`); its skill id is `mashu_<general>`. */
export function mashuFor(general: string): RuleSkill {
  return {
    id: `mashu_${general}`, name: '马术', general, kind: 'rule',
    distance: (_s, owner, from, to, d) => (from === owner && to !== owner ? d - 1 : d),
  };
}
