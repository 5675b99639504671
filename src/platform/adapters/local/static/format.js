// Pure helpers of the local page (no DOM, no clock): the page imports them, and so do the unit tests.

/**
 * Emoji the bot writes, drawn as the page's own SVG icons (/icons/<name>.svg): many systems have no colour
 * emoji font and show boxes. The emoji stays the icon's alt and title text.
 */
export const ICONS = {
  '🆕': 'new',
  '🚩': 'flag',
  '📋': 'clipboard',
  '⏰': 'alarm',
  '⏳': 'hourglass',
  '🏁': 'finish',
  '⚖': 'scales',
  '⚠': 'warning',
  '✅': 'check',
  '❌': 'cross',
  '▶': 'play',
  '⏸': 'pause',
  '✗': 'x-mark',
  '✓': 'tick',
  '⚔': 'swords',
  '🤖': 'robot',
  '💀': 'skull',
  '☰': 'menu',
  '✕': 'close',
};

// Longest first; a trailing variation selector (U+FE0F, "show as emoji") belongs to the emoji.
const ICON_RE = new RegExp(`(${Object.keys(ICONS).sort((a, b) => b.length - a.length).join('|')})\\uFE0F?`, 'gu');

/** Splits text into plain strings and `{ icon, alt }` pieces for the known emoji. */
export function splitIcons(text) {
  const out = [];
  let last = 0;
  for (const m of String(text).matchAll(ICON_RE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push({ icon: ICONS[m[1]], alt: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * Which of several times must show seconds: those that would read the same as another at minute precision,
 * or lie less than a minute from another ("截止 14:02，宽限至 14:02" says nothing).
 */
export function needSeconds(times) {
  const out = new Set();
  const ts = [...new Set(times.filter((t) => Number.isFinite(t)))];
  for (const a of ts) {
    for (const b of ts) {
      if (a !== b && (Math.floor(a / 60000) === Math.floor(b / 60000) || Math.abs(a - b) < 60000)) out.add(a);
    }
  }
  return out;
}

/** A clock time, hours and minutes, with seconds when asked. */
export function clockText(ms, seconds) {
  return new Date(ms).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), hour12: false });
}

/** Refused lines kept in sight in a folded answer; more would make it long again. */
export const REFUSED_SHOWN = 5;

/**
 * A long answer to many orders, folded: the head line ("已接受 N 条，拒绝 M 条") and the first refused lines,
 * which stay in sight, with how many more there are (everything is behind a toggle).
 */
export function foldAnswer(text, summary) {
  const refused = String(text).split('\n').filter((l) => /^\s*(✗|❌)/.test(l));
  return { head: `已接受 ${summary.accepted} 条，拒绝 ${summary.refused} 条`, refused: refused.slice(0, REFUSED_SHOWN), more: Math.max(0, refused.length - REFUSED_SHOWN) };
}

/** The words of the page's own refusal of a long message: the same as the server's MESSAGE_TOO_LONG. */
export function tooLongText(length, max) {
  return `消息太长（${length} 字），上限 ${max} 字：请分成几条发送。`;
}
