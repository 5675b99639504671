/**
 * The card catalogue (C0–C4, A1): each physical card's suit, rank, name, type and equipment slot, and the names
 * players may write for them (X6.1 aliases).
 */
import { ALLIANCE_MARKED, CARD_ROWS, SA_ROWS, type Suit } from './data/cards.ts';
import type { Nature, Slot } from './types.ts';

export type CardType = 'basic' | 'trick' | 'delayed' | 'equip';

export interface CardDef {
  id: string;
  suit: Suit;
  rank: number;
  name: string;
  kind: string;
  type: CardType;
  slot?: Slot;
  /** A weapon's attack range (C4). */
  range?: number;
}

export const WEAPON_RANGE: Record<string, number> = {
  诸葛连弩: 1, 雌雄双股剑: 2, 吴六剑: 2, 寒冰剑: 2, 青釭剑: 2, 三尖两刃刀: 3, 丈八蛇矛: 3, 贯石斧: 3, 朱雀羽扇: 4, 麒麟弓: 5,
  // C-SA: 青龙偃月刀 3, 方天画戟 4.
  青龙偃月刀: 3, 方天画戟: 4,
};
const ARMOR = new Set(['八卦阵', '仁王盾', '藤甲', '白银狮子', '明光铠', '护心镜']);
const DEF_HORSE = new Set(['绝影', '的卢', '爪黄飞电']);
const OFF_HORSE = new Set(['赤兔', '大宛', '紫骍', '惊帆']);
const TREASURE = new Set(['玉玺']);
export const DELAYED = new Set(['乐不思蜀', '兵粮寸断', '闪电']);
const BASIC = new Set(['杀', '雷杀', '火杀', '闪', '桃', '酒']);

function typeOf(name: string): { type: CardType; slot?: Slot; range?: number } {
  if (BASIC.has(name)) return { type: 'basic' };
  if (DELAYED.has(name)) return { type: 'delayed' };
  if (name in WEAPON_RANGE) return { type: 'equip', slot: 'weapon', range: WEAPON_RANGE[name] };
  if (ARMOR.has(name)) return { type: 'equip', slot: 'armor' };
  if (DEF_HORSE.has(name)) return { type: 'equip', slot: 'defHorse' };
  if (OFF_HORSE.has(name)) return { type: 'equip', slot: 'offHorse' };
  if (TREASURE.has(name)) return { type: 'equip', slot: 'treasure' };
  return { type: 'trick' };
}

export const CARDS: Record<string, CardDef> = Object.fromEntries([...CARD_ROWS, ...SA_ROWS].map(([id, suit, rank, name, kind]) => [id, { id, suit, rank, name, kind, ...typeOf(name) }]));
/** The 108 standard cards (C0, A1). */
export const ALL_CARD_IDS: readonly string[] = CARD_ROWS.map((r) => r[0]);
/** The 势备篇 pile (C-SA): 51 cards, shuffled into the standard deck with `strategicAdvantage`. */
export const SA_CARD_IDS: readonly string[] = SA_ROWS.map((r) => r[0]);
/** The cards of a game (G2.6): C0, plus C-SA with `strategicAdvantage`. */
export const deckIds = (sa: boolean): readonly string[] => (sa ? [...ALL_CARD_IDS, ...SA_CARD_IDS] : ALL_CARD_IDS);
/** G18.3: a card with the 连横 mark. */
export const allianceMarked = (id: string) => ALLIANCE_MARKED.has(id);

export const card = (id: string): CardDef => {
  const c = CARDS[id];
  if (!c) throw new Error(`no card ${id}`);
  return c;
};

export const SLASHES = new Set(['杀', '雷杀', '火杀']);
export const NULLIFICATIONS = new Set(['无懈可击', '无懈可击·国']);
export const isRed = (suit: Suit | null) => suit === '♥' || suit === '♦';
export const colorOf = (suit: Suit | null): 'red' | 'black' | null => (suit === null ? null : isRed(suit) ? 'red' : 'black');
export const natureOf = (name: string): Nature => (name === '火杀' ? 'fire' : name === '雷杀' ? 'thunder' : 'normal');

/** Every card name of C0 (the horses by their own names). */
export const CARD_NAMES: readonly string[] = [...new Set([...CARD_ROWS, ...SA_ROWS].map((r) => r[3]))];

/**
 * X6.1 aliases → the names they stand for, in preference order: `杀` is the family (plain first), and so is
 * 无懈可击 (the plain one first, then 无懈可击·国, which is "used like 无懈可击", G21.5).
 */
const ALIASES: Record<string, string[]> = {
  杀: ['杀', '雷杀', '火杀'], 普通杀: ['杀'], 国无懈: ['无懈可击·国'], 国无懈可击: ['无懈可击·国'], 无懈可击国: ['无懈可击·国'], 无懈可击·国: ['无懈可击·国'],
  无懈: ['无懈可击', '无懈可击·国'], 无懈可击: ['无懈可击', '无懈可击·国'],
  '+1马': [...DEF_HORSE], 防御马: [...DEF_HORSE], '-1马': [...OFF_HORSE], 进攻马: [...OFF_HORSE],
  顺: ['顺手牵羊'], 拆: ['过河拆桥'], 借刀: ['借刀杀人'], 无中: ['无中生有'], 南蛮: ['南蛮入侵'], 万箭: ['万箭齐发'], 桃园: ['桃园结义'],
  五谷: ['五谷丰登'], 铁索: ['铁索连环'], 乐: ['乐不思蜀'], 兵粮: ['兵粮寸断'], 连弩: ['诸葛连弩'], 双股剑: ['雌雄双股剑'], 六剑: ['吴六剑'],
  青釭: ['青釭剑'], 三尖刀: ['三尖两刃刀'], 蛇矛: ['丈八蛇矛'], 羽扇: ['朱雀羽扇'], 八卦: ['八卦阵'], 狮子: ['白银狮子'],
  // C-SA's names, shortened the way players say them.
  挟天子: ['挟天子以令诸侯'], 火烧: ['火烧连营'], 勠力: ['勠力同心'], 戮力同心: ['勠力同心'], 联军: ['联军盛宴'], 调虎: ['调虎离山'], 水淹: ['水淹七军'],
  青龙刀: ['青龙偃月刀'], 画戟: ['方天画戟'], 方天戟: ['方天画戟'],
};

/** The card names a written name stands for (preference order), or null for no card name. */
export function namesFor(written: string): string[] | null {
  const w = written.replace(/[・•]/g, '·');
  if (ALIASES[w]) return ALIASES[w]!;
  if (CARD_NAMES.includes(w)) return [w];
  return null;
}

/** The slot a written slot word means (X6.1: 武器 防具 +1马 -1马 宝物). */
export function slotWord(w: string): Slot | null {
  return ({ 武器: 'weapon', 防具: 'armor', '+1马': 'defHorse', 防御马: 'defHorse', '-1马': 'offHorse', 进攻马: 'offHorse', 宝物: 'treasure' } as Record<string, Slot>)[w] ?? null;
}
export const SLOT_ZH: Record<Slot, string> = { weapon: '武器', armor: '防具', defHorse: '+1马', offHorse: '-1马', treasure: '宝物' };

const RANK_TEXT = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
export const rankText = (r: number | null) => (r === null ? '' : RANK_TEXT[r] ?? String(r));
/** A physical card as an echo shows it: ♠7【杀】(S014). */
export const cardText = (id: string) => { const c = card(id); return `${c.suit}${rankText(c.rank)}【${c.name}】(${id})`; };
/** G19.1's order: rank, then suit ♠♥♣♦, then id. */
const SUIT_ORDER: Record<Suit, number> = { '♠': 0, '♥': 1, '♣': 2, '♦': 3 };
export function lowFirst(a: string, b: string): number {
  const x = card(a), y = card(b);
  return x.rank - y.rank || SUIT_ORDER[x.suit] - SUIT_ORDER[y.suit] || (a < b ? -1 : a > b ? 1 : 0);
}
