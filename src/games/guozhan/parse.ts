/**
 * The commands players type (X6): a message holds commands separated by `；` or new lines, each starting with its
 * name in 【】 (`[ ]`, `〖〗` too); half- and full-width punctuation are equal, `->` is `→`, spaces are optional,
 * Traditional reads as Simplified; lists take `、` (`，` `,` too). The parser knows no state: card references and
 * seat names stay as written and the engine resolves them against the speaker's zones and the table (X6.1), so a
 * command means the same in chat, in a transcript and in a replay.
 */
import { toSimplified } from '../neuwar/parse/index.ts';
import { namesFor, slotWord } from './cards.ts';
import { findGeneral } from './generals.ts';
import type { CardRef, Cmd, OtherRef, Suit, Which } from './types.ts';

export type Parsed =
  | { ok: true; cmd: Cmd; raw: string }
  | { ok: true; judge: 'abort'; raw: string }
  | { ok: false; code: string; message: string; raw: string; kind: string };

/** commands.md §1: a longer message is refused whole; so is one with more commands than this (a flood). */
export const MAX_MESSAGE_LENGTH = 4000;
export const MAX_COMMANDS = 100;

const SEGMENT = /[【〖［\[]\s*([^】〗］\]]+?)\s*[】〗］\]]([^【〖［\[]*)/g;

/** Full-width to half-width for the punctuation the grammar reads, and `->` as `→`. */
function normalize(t: string): string {
  return toSimplified(t)
    .replace(/[（]/g, '(').replace(/[）]/g, ')').replace(/[，,]/g, '、').replace(/[：]/g, ':').replace(/[＋]/g, '+').replace(/[－—]/g, '-')
    .replace(/->|=>|＞|＝＞/g, '→').replace(/[・•]/g, '·').replace(/[♤]/g, '♠').replace(/[♡]/g, '♥').replace(/[♧]/g, '♣').replace(/[♢]/g, '♦');
}

const SUIT_WORDS: [string, Suit][] = [['黑桃', '♠'], ['红桃', '♥'], ['梅花', '♣'], ['方块', '♦'], ['♠', '♠'], ['♥', '♥'], ['♣', '♣'], ['♦', '♦']];
const RANKS: Record<string, number> = { A: 1, J: 11, Q: 12, K: 13 };

/** X6.1 `C`: a physical id, or [suit][rank][name] with at least one part; null when it is not a card reference. */
export function cardRef(text: string): CardRef | null {
  let t = text.replace(/\s+/g, '');
  if (!t) return null;
  const id = /^(S\d{3}|SA\d{2})$/i.exec(t);
  if (id) return { id: id[1]!.toUpperCase() };
  const ref: CardRef = {};
  for (const [w, s] of SUIT_WORDS) if (t.startsWith(w)) { ref.suit = s; t = t.slice(w.length); break; }
  const r = /^(10|11|12|13|[2-9]|1|A|J|Q|K)/i.exec(t);
  if (r && !(t.startsWith('1马'))) {
    ref.rank = RANKS[r[1]!.toUpperCase()] ?? Number(r[1]);
    t = t.slice(r[1]!.length);
  }
  if (t) {
    if (!namesFor(t)) return null;
    ref.name = t;
  }
  return ref.suit || ref.rank || ref.name ? ref : null;
}

/** Another character's card (G21.8): 手牌 / 手牌N, a slot word, or a card name. */
function otherRef(text: string): OtherRef | null {
  const t = text.replace(/\s+/g, '');
  const h = /^手牌(\d*)$/.exec(t);
  if (h) return { pos: h[1] ? Number(h[1]) : 1 };
  const slot = slotWord(t);
  if (slot) return { slot };
  if (namesFor(t)) return { name: t };
  return null;
}

const list = (t: string) => t.split(/[、\s]+/).map((x) => x.trim()).filter(Boolean);
const which = (t: string): Which | null => ({ 主将: 'main', 主: 'main', 副将: 'deputy', 副: 'deputy', 全部: 'both', 全: 'both' } as Record<string, Which>)[t.trim()] ?? null;

/** The commands of one message, in order; none when it holds no 【】 command. */
export function parseCommands(text: string): Parsed[] {
  if (text.length > MAX_MESSAGE_LENGTH) return [{ ok: false, code: 'MESSAGE_TOO_LONG', kind: 'unknown', message: `消息太长（${text.length} 字），上限 ${MAX_MESSAGE_LENGTH} 字`, raw: text.slice(0, 100) }];
  const segments = [...text.matchAll(SEGMENT)];
  if (segments.length > MAX_COMMANDS) return [{ ok: false, code: 'TOO_MANY_COMMANDS', kind: 'unknown', message: `一条消息最多${MAX_COMMANDS}条命令，这条有${segments.length}条`, raw: text.slice(0, 100) }];
  const out: Parsed[] = [];
  for (const m of segments) {
    const raw = m[0].trim().replace(/[；;。\s]+$/, '');
    const name = normalize(m[1]!).replace(/\s+/g, '');
    const body = normalize(m[2]!).replace(/[；;。\n\r]+/g, ' ').trim();
    out.push(parseOne(name, body, raw));
  }
  return out;
}

function bad(kind: string, raw: string, message: string, code = 'BAD_SYNTAX'): Parsed {
  return { ok: false, code, message, raw, kind };
}

function parseOne(name: string, body: string, raw: string): Parsed {
  const ok = (cmd: Cmd): Parsed => ({ ok: true, cmd, raw });
  switch (name) {
    case '不出': case '过': case '取消': return ok({ k: 'pass' });
    case '确定': return ok({ k: 'ok' });
    case '结束': return ok({ k: 'end' });
    case '状态': return ok({ k: 'query', what: 'status' });
    case '手牌': return ok({ k: 'query', what: 'hand' });
    case '帮助': return ok({ k: 'query', what: 'help' });
    case '中止': return { ok: true, judge: 'abort', raw };
    case '明置': {
      const w = which(body);
      return w ? ok({ k: 'reveal', which: w }) : bad('reveal', raw, '写法：【明置】主将|副将|全部');
    }
    case '标记': {
      const [m, opt, ...rest] = body.split(/\s+|→/).filter(Boolean);
      const marker = ({ 先驱: 'vanguard', 阴阳鱼: 'yinyang', 珠联璧合: 'companion' } as const)[m as '先驱'];
      if (!marker) return bad('marker', raw, '写法：【标记】先驱 · 【标记】阴阳鱼 摸牌|手牌上限 · 【标记】珠联璧合 摸牌|桃[→角色]');
      const option = opt === undefined ? undefined : ({ 摸牌: 'draw', 手牌上限: 'limit', 桃: 'peach' } as const)[opt as '摸牌'];
      if (opt !== undefined && !option) return bad('marker', raw, `"${opt}"不是标记的选项（摸牌、手牌上限、桃）`);
      return ok({ k: 'marker', marker, ...(option ? { option } : {}), ...(rest[0] ? { target: rest[0] } : {}) });
    }
    case '重铸': {
      const { cards, skill } = cardsAndSkill(body.replace(/→.*$/, ''));
      if (cards === null || cards.length !== 1) return bad('recast', raw, cards === null ? unknownCard(body) : '写法：【重铸】牌', cards === null ? 'UNKNOWN_CARD' : 'BAD_SYNTAX');
      return ok({ k: 'recast', card: cards[0]!, ...(skill ? { skill } : {}) });
    }
    case '弃牌': {
      const [left, right] = body.split('→');
      const { cards } = cardsAndSkill(left ?? '');
      if (cards === null) return bad('discard', raw, unknownCard(left ?? ''), 'UNKNOWN_CARD');
      if (!cards.length) return bad('discard', raw, '写法：【弃牌】牌、牌…');
      return ok({ k: 'discard', cards, ...(right ? { targets: list(right) } : {}) });
    }
    case '技能': {
      const mm = /^([^\s→、]+)\s*(.*)$/.exec(body);
      if (!mm) return bad('skill', raw, '写法：【技能】技能名[ 牌、…][→角色、…]');
      const [left, right] = mm[2]!.split('→');
      const { cards } = cardsAndSkill(left ?? '');
      const others = (left ?? '').trim() ? list(left!).map(otherRef) : [];
      return ok({ k: 'skill', skill: mm[1]!, cards: cards ?? [], targets: right ? list(right) : [], ...(others.length && others.every(Boolean) ? { other: others as OtherRef[] } : {}) });
    }
    case '选择': return parseChoose(body, raw);
    case '预亮': {
      const mm = /^(\S+)\s*(开|关)$/.exec(body);
      return mm ? ok({ k: 'prelight', skill: mm[1]!, on: mm[2] === '开' }) : bad('prelight', raw, '写法：【预亮】技能 开|关');
    }
    case '连横': {
      // G18.3 `【连横】C、…→P`; the engine refuses it (NOT_ALLOWED) without strategicAdvantage.
      const [left, right, ...more] = body.split('→');
      const { cards } = cardsAndSkill(left ?? '');
      if (cards === null) return bad('alliance', raw, unknownCard(left ?? ''), 'UNKNOWN_CARD');
      if (!cards.length || !right?.trim() || more.length || list(right).length !== 1) return bad('alliance', raw, '写法：【连横】牌、…→角色（一至三张有连横标记的手牌）');
      return ok({ k: 'alliance', cards, target: right.trim() });
    }
    case '给出': {
      // X6.2 `【给出】C、…→P`: one gift of a distribution (遗计 …).
      const [left, right, ...more] = body.split('→');
      const { cards } = cardsAndSkill(left ?? '');
      if (cards === null) return bad('give', raw, unknownCard(left ?? ''), 'UNKNOWN_CARD');
      if (!cards.length || !right?.trim() || more.length || list(right).length !== 1) return bad('give', raw, '写法：【给出】牌、牌…→角色（一次交给一名角色；【不出】结束分配）');
      return ok({ k: 'give', cards, target: right.trim() });
    }
    case '拼点': {
      // X6.2 `【拼点】C`: the point-fight card.
      const { cards } = cardsAndSkill(body);
      if (cards === null) return bad('pindian', raw, unknownCard(body), 'UNKNOWN_CARD');
      if (cards.length !== 1) return bad('pindian', raw, '写法：【拼点】牌（一张手牌，如【拼点】♠7 或【拼点】S014）');
      return ok({ k: 'pindian', card: cards[0]! });
    }
    case '排列': {
      // X6.2 `【排列】上 C、…[ 下 C、…]` (观星): each list top to bottom.
      const mm = /^(?:上\s*([^下]*))?\s*(?:下\s*(.*))?$/.exec(body.trim());
      const top = cardsAndSkill(mm?.[1] ?? '').cards, bottom = cardsAndSkill(mm?.[2] ?? '').cards;
      if (top === null || bottom === null) return bad('arrange', raw, unknownCard(top === null ? mm?.[1] ?? '' : mm?.[2] ?? ''), 'UNKNOWN_CARD');
      if (!mm || !body.trim()) return bad('arrange', raw, '写法：【排列】上 牌、牌… 下 牌、牌…（每组从上到下）');
      return ok({ k: 'arrange', top, bottom });
    }
  }
  if (namesFor(name)) return parseCard(name, body, raw);
  return bad('unknown', raw, `没有【${name}】这个命令；用【帮助】查看命令`, 'UNKNOWN_COMMAND');
}

const unknownCard = (t: string) => `看不懂"${t.trim()}"这张牌：写牌的编号（S014），或花色、点数、牌名（♠7杀）`;

/** `C、C（K）`: card references and an optional converting skill; cards null when one is not a card reference. */
function cardsAndSkill(text: string): { cards: CardRef[] | null; skill?: string } {
  let t = text;
  let skill: string | undefined;
  const k = /\(([^)]*)\)/.exec(t);
  if (k) { skill = k[1]!.trim(); t = t.replace(k[0], ''); }
  const parts = list(t.replace(/全势力/g, ''));
  const cards = parts.map(cardRef);
  return { cards: cards.every(Boolean) ? (cards as CardRef[]) : null, ...(skill ? { skill } : {}) };
}

/** `【N】[C、…][（K）][→P、…[→P]]` and 国无懈's `全势力` (X6.2). */
function parseCard(name: string, body: string, raw: string): Parsed {
  const whole = /全势力/.test(body);
  const [left, targets, victim, ...more] = body.replace(/全势力/g, '').split('→');
  if (more.length) return bad('card', raw, '最多两个"→"：【借刀杀人】→持武器者→目标');
  const { cards, skill } = cardsAndSkill(left ?? '');
  if (cards === null) return bad('card', raw, unknownCard(left ?? ''), 'UNKNOWN_CARD');
  return { ok: true, raw, cmd: { k: 'card', name, cards, ...(skill ? { skill } : {}), targets: targets ? list(targets) : [], ...(victim ? { victim: victim.trim() } : {}), ...(whole ? { whole } : {}) } };
}

/** `【选择】O` · `【选择】P、…` · `【选择】C、…` · `【选择】P G` · `【选择】曹操+典韦`: every reading the prompt may need. */
function parseChoose(body: string, raw: string): Parsed {
  const t = body.trim();
  if (!t) return bad('choose', raw, '写法：【选择】编号、角色、牌，或主将+副将');
  if (t.includes('+')) {
    const [a, b, ...more] = t.split('+').map((x) => x.trim());
    // Not two names (one left empty, or three): the form, not an unknown general.
    if (more.length || !a || !b) return bad('choose', raw, `要两名武将，用+隔开：【选择】主将+副将（写的是“${t}”）`);
    const ga = findGeneral(a), gb = findGeneral(b);
    if (!ga || !gb) return bad('choose', raw, `没有这样的武将：${[a, b].filter((x, i) => !(i === 0 ? ga : gb)).join('、')}（写法：【选择】主将+副将）`, 'UNKNOWN_CARD');
    return { ok: true, raw, cmd: { k: 'choose', pair: [ga, gb], text: t } };
  }
  const cmd: Extract<Cmd, { k: 'choose' }> = { k: 'choose', text: t };
  if (/^\d+$/.test(t)) cmd.option = Number(t);
  const parts = list(t);
  const cards = parts.map(cardRef);
  if (cards.every(Boolean)) cmd.cards = cards as CardRef[];
  const others = parts.map(otherRef);
  if (others.every(Boolean)) cmd.other = others as OtherRef[];
  const g = /^(\S+?)\s*(主将|副将|主|副)$/.exec(t);
  if (g) cmd.general = { player: g[1]!, which: which(g[2]!)! };
  cmd.players = g ? [g[1]!] : parts;
  return { ok: true, raw, cmd };
}
