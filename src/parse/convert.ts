import * as OpenCC from 'opencc-js/t2cn';

/**
 * Traditional → Simplified (commands.md §1: 【宣戰】德國 reads as 【宣战】德国). The converter's dictionaries
 * take ~70 ms to build, so it is made on first use; text without any CJK character skips it entirely.
 */
let conv: ((s: string) => string) | null = null;

const HAS_CJK = /[\u2e80-\u9fff\uf900-\ufaff]/;

export function toSimplified(s: string): string {
  if (!HAS_CJK.test(s)) return s;
  try {
    const c = (conv ??= OpenCC.Converter({ from: 'tw', to: 'cn' }));
    return c(s);
  } catch {
    return s;
  }
}
