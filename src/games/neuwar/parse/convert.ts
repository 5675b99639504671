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
  if (allSimplified(s)) return s;
  try {
    const c = (conv ??= OpenCC.Converter({ from: 'tw', to: 'cn' }));
    return c(s);
  } catch {
    return s;
  }
}

function convertRaw(s: string): string {
  try {
    const c = (conv ??= OpenCC.Converter({ from: 'tw', to: 'cn' }));
    return c(s);
  } catch {
    return s;
  }
}

const charCache = new Map<string, string>();

/**
 * Whether no character of `s` changes on its own. Most chat is already Simplified: such text skips the
 * phrase converter, which is the parser's costliest step — and which could otherwise rewrite a Simplified
 * name that happens to spell a Taiwanese phrase.
 */
function allSimplified(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x3400) continue;
    if (code >= 0xd800 && code <= 0xdbff) return false; // astral ideographs: let the converter decide
    let k = changes[code];
    if (k === 0) {
      const c = s[i]!;
      k = simplifyChar(c) !== c ? 2 : 1;
      changes[code] = k;
    }
    if (k === 2) return false;
  }
  return true;
}

/** Per BMP code point: 0 not looked up yet, 1 unchanged by the converter, 2 changed (a Traditional form). */
const changes = new Uint8Array(0x10000);

/** One character's Simplified form, cached (a bounded alphabet): for cheap first-character checks. */
export function simplifyChar(c: string): string {
  let v = charCache.get(c);
  if (v === undefined) {
    v = HAS_CJK.test(c) ? convertRaw(c) : c;
    if (charCache.size < 20000) charCache.set(c, v);
  }
  return v;
}
