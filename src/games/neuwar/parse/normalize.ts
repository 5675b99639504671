import { toSimplified } from './convert.ts';

const DASHES = new Set(['-', '—', '–', '―', '~', '‐', '‑', '⸺', '⸻']);
const ARROWS = new Set(['→', '⟶', '➔', '➡', '➜', '⇒', '⇨', '➝', '⟹', '↦']);
/** Parentheses, brackets and quotes are optional around names (commands.md §1): they are dropped. */
const DROP = new Set([...'()[]{}<>【】〖〗〔〕《》〈〉“”"\'‘’「」『』﹁﹂﹃﹄']);
/** Characters that show nothing (zero-width, joiners, bidi marks, Hangul fillers): dropped, so 甲\u200b都 is 甲都. */
const isZeroWidth = (code: number) => (code >= 0x200b && code <= 0x200f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2060 && code <= 0x206f)
  || code === 0xfeff || code === 0x034f || code === 0x180e || code === 0x115f || code === 0x1160 || code === 0x3164 || code === 0xffa0;
/** What /\s/ matches, by code point (a regex per character is the parser's hot spot). */
const isSpace = (code: number) => (code >= 9 && code <= 13) || code === 32 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a)
  || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
export const PUNCT = new Set([' ', ',', '.', ':', ';', '!', '?', '、', '…']);

const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;

/**
 * A command's body in one canonical shape: Simplified, NFKC (full-width punctuation and digits become
 * half-width), every arrow `→`, every long dash `——`, `。` as `.`, brackets and quotes gone, runs of
 * spaces one space, no punctuation at either end. Linear in the input: no regex over user text here.
 */
/** Characters NFKC leaves alone that chat commands are made of: ASCII, CJK ideographs, → — 、。【】《》. */
function nfkcStable(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || (c >= 0x4e00 && c <= 0x9fff)) continue;
    if (c === 0x2192 || c === 0x2014 || c === 0x3001 || c === 0x3002 || c === 0x3010 || c === 0x3011 || c === 0x300a || c === 0x300b) continue;
    return false;
  }
  return true;
}

export function normalizeBody(raw: string): string {
  const simple = toSimplified(raw);
  const s = nfkcStable(simple) ? simple : simple.normalize('NFKC');
  // One string built by appends (no closure per call: this runs once per command).
  let out = '';
  let lastSpace = true;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const code = c.charCodeAt(0);
    if (isControl(code) || (code !== 0xfeff && isSpace(code))) {
      if (!lastSpace) { out += ' '; lastSpace = true; }
      continue;
    }
    if (isZeroWidth(code) || DROP.has(c)) continue;
    lastSpace = false;
    if (ARROWS.has(c)) {
      out += '→';
      continue;
    }
    if (c === '=' && s[i + 1] === '>') {
      out += '→';
      i++;
      continue;
    }
    if (DASHES.has(c)) {
      let j = i;
      while (j < s.length && DASHES.has(s[j]!)) j++;
      if (s[j] === '>') {
        out += '→';
        i = j;
        continue;
      }
      if (j - i === 1 && (c === '-' || c === '~' || c === '‐' || c === '‑')) out += c;
      else out += '——';
      i = j - 1;
      continue;
    }
    out += c === '。' || c === '｡' ? '.' : c;
  }
  return trimPunct(out);
}

export function trimPunct(s: string): string {
  let a = 0, b = s.length;
  while (a < b && PUNCT.has(s[a]!)) a++;
  while (b > a && PUNCT.has(s[b - 1]!)) b--;
  return s.slice(a, b);
}

export function skipPunct(s: string, p: number): number {
  while (p < s.length && PUNCT.has(s[p]!)) p++;
  return p;
}

export function skipSpaces(s: string, p: number): number {
  while (p < s.length && s[p] === ' ') p++;
  return p;
}
