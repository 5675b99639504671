import * as OpenCC from 'opencc-js/t2cn';

/**
 * Traditional → Simplified (commands.md §1: 【宣戰】德國 reads as 【宣战】德国). The converter's dictionaries
 * take ~70 ms to build, so it is made on first use; text without any CJK character skips it entirely.
 */
let conv: ((s: string) => string) | null = null;

/** Ideographs only: CJK punctuation (【】、。) needs no conversion. */
const HAS_CJK = /[\u3400-\u9fff\uf900-\ufaff\ud840-\ud87f]/;

export function toSimplified(s: string): string {
  if (!HAS_CJK.test(s)) return s;
  try {
    const c = (conv ??= OpenCC.Converter({ from: 'tw', to: 'cn' }));
    return c(s);
  } catch {
    return s;
  }
}

const charCache = new Map<string, string>();

/** One character's Simplified form, cached (a bounded alphabet): for cheap first-character checks. */
export function simplifyChar(c: string): string {
  let v = charCache.get(c);
  if (v === undefined) {
    v = toSimplified(c);
    if (charCache.size < 20000) charCache.set(c, v);
  }
  return v;
}
