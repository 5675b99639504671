/**
 * Display names as people choose them, made safe to show: a name is what others read, so it must not be
 * invisible, must not pose as a mention of someone else, and must not be mistaken for another name.
 */

/**
 * Characters that show nothing or change how the text around them shows: controls, zero-width and
 * format characters (U+200B–U+200F, U+2060–U+206F, U+FEFF, bidi overrides), the Hangul fillers that
 * render as blanks (U+115F, U+1160, U+3164, U+FFA0), variation selectors and combining grapheme joiner.
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]|[\u{e0000}-\u{e007f}]|[\u{e0100}-\u{e01ef}]/gu;

/**
 * A chat message with the characters of INVISIBLE taken out and its white space (new lines, tabs) kept, for a
 * parser to read: 【准备\u200b】 is 【准备】, and a refusal that quotes the message quotes nothing unseen. A BOM
 * (U+FEFF, white space to JavaScript) shows nothing and goes too.
 */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, (c) => (c !== '\ufeff' && /\s/.test(c) ? c : ''));
}

/** The longest name shown (code points). */
export const MAX_NAME_LENGTH = 32;

/**
 * A display name made safe: invisible and format characters removed, white space folded to single spaces,
 * mention syntax (`<@…>`, `<#…>`, `<@&…>`, `@everyone`, `@here`) defused with a full-width ＠/＃ so a name
 * never renders as somebody else's mention, and cut to MAX_NAME_LENGTH. Returns '' when nothing visible is
 * left: the caller refuses such a name.
 */
export function cleanName(raw: string): string {
  let s = raw.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
  s = s.replace(/<([@#])/g, (_m, c: string) => `<${c === '@' ? '＠' : '＃'}`).replace(/@(everyone|here)\b/gi, '＠$1');
  const cps = [...s];
  if (cps.length > MAX_NAME_LENGTH) s = cps.slice(0, MAX_NAME_LENGTH).join('').trim();
  return s;
}

/** The key two names clash on: case and width folded, spaces removed (「Ａｌｉｃｅ」 and "alice" are one name). */
export function nameKey(name: string): string {
  return cleanName(name).normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}
