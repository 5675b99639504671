/**
 * A seat's hand as a chat panel (issue 20, Discord): its generals and cards in words, and — when the seat is asked —
 * a menu of its cards (≤ 25 options) that uses or plays the card chosen, a menu of targets after a card that takes
 * them, a menu of cards to discard, and the prompt's buttons (不出, 结束出牌, 确定, an option); while generals are
 * picked, a menu of the seat's dealt generals (two of one kingdom), then one button per order (主将 first). Read from the seat's
 * own view (GuozhanRules.view: its hand and nothing of anyone else's), and every action is a text command of the
 * transcript grammar (【杀】S014→乙), sent through the same path as a typed one; the engine refuses what does not fit.
 */
import type { OutButton, OutMessage, OutSelect } from '../../platform/chat/index.ts';
import { card } from './cards.ts';
import { GENERALS, KINGDOM_ZH } from './generals.ts';

/** What the panel reads of GuozhanRules.view for a seat. */
export interface PanelView {
  me: string | null;
  status: string;
  seats: { name: string; alive: boolean; hand?: string[]; dealt?: string[]; generals: { general: string | null; name: string | null; revealed: boolean }[] | null }[];
  ask: { kind: string; seats?: string[]; text?: string; options?: string[]; deadline?: number; optional?: boolean } | null;
  names: { cards: Record<string, string>; generals: Record<string, string> };
}

/** Every id of the panel starts with this (the hand command claims them). */
export const PANEL_PREFIX = 'gz:h:';
const ID = {
  card: `${PANEL_PREFIX}card`, discard: `${PANEL_PREFIX}discard`, pass: `${PANEL_PREFIX}pass`, end: `${PANEL_PREFIX}end`, ok: `${PANEL_PREFIX}ok`,
  back: `${PANEL_PREFIX}back`, pick: `${PANEL_PREFIX}pick`, pair: (a: string, b: string) => `${PANEL_PREFIX}pair:${a}:${b}`, target: (c: string) => `${PANEL_PREFIX}tgt:${c}`, use: (c: string) => `${PANEL_PREFIX}use:${c}`, option: (k: number) => `${PANEL_PREFIX}opt:${k}`,
};
/** Discord's limit on a menu's options. */
export const MENU_MAX = 25;

/** Cards that name a target when used in the play phase (the rest are used as they are: 桃, 无中生有, equipment…). */
const TARGETED = new Set(['杀', '雷杀', '火杀', '决斗', '过河拆桥', '顺手牵羊', '借刀杀人', '铁索连环', '火攻', '乐不思蜀', '兵粮寸断', '知己知彼', '远交近攻', '勠力同心', '联军盛宴', '调虎离山', '水淹七军']);
/** Asks a card answers (a response, a rescue, a nullification) and the play phase. */
const CARD_ASKS = new Set(['play', 'respond', 'peach', 'nullify']);

const nameOf = (v: PanelView, id: string) => v.names.cards[id] ?? id;
const genName = (v: PanelView, g: string) => v.names.generals[g] ?? GENERALS[g]?.zh ?? g;
const mineOf = (v: PanelView) => (v.me ? v.seats.find((s) => s.name === v.me) ?? null : null);
const askedMe = (v: PanelView) => !!v.me && v.status !== 'ended' && !!v.ask?.seats?.includes(v.me);

/** The seat's generals and hand in words, and its prompt with the deadline when it is asked. */
export function handLines(v: PanelView): string {
  const mine = mineOf(v);
  if (!mine) return '你没有座位，没有手牌；【桌面】可以看牌桌';
  const gens = mine.generals
    ? mine.generals.map((g, k) => `${k === 0 ? '主将' : '副将'}${g.name ?? '?'}${g.revealed ? '' : '（暗置）'}`).join('、')
    : mine.dealt?.length ? `待选：${mine.dealt.map((g) => v.names.generals[g] ?? g).join('、')}` : '—';
  const hand = mine.hand ?? [];
  const lines = [`你的武将：${gens}`, `你的手牌（${hand.length}）：${hand.map((id) => nameOf(v, id)).join('、') || '无'}`];
  if (askedMe(v)) lines.push(`👉 轮到你：${v.ask!.text ?? ''}${v.ask!.deadline ? `（截止 <t:${Math.floor(v.ask!.deadline / 1000)}:R>）` : ''}`);
  if (hand.length > MENU_MAX) lines.push(`（菜单只列前${MENU_MAX}张；其余的牌用 /guozhan 命令，如【杀】S014→乙）`);
  return lines.join('\n');
}

/** The panel: the words, and the menus and buttons of what the seat may do now. `note`: a line on top (the last answer). */
export function handPanel(v: PanelView, note = ''): OutMessage {
  const text = [note, handLines(v)].filter(Boolean).join('\n');
  const mine = mineOf(v);
  if (!mine || !askedMe(v)) return { text };
  const kind = v.ask!.kind;
  const hand = (mine.hand ?? []).slice(0, MENU_MAX);
  const cards = hand.map((id) => ({ value: id, label: nameOf(v, id) }));
  const selects: OutSelect[] = [];
  const buttons: OutButton[] = [];
  if (CARD_ASKS.has(kind) && cards.length) selects.push({ id: ID.card, placeholder: kind === 'play' ? '使用一张手牌…' : '打出一张手牌…', options: cards });
  if (kind === 'ownCards' && cards.length) selects.push({ id: ID.discard, placeholder: '选要弃的牌（可多选）…', options: cards, min: 1, max: cards.length });
  if (kind === 'pick' && mine.dealt?.length) {
    const dealt = mine.dealt.slice(0, MENU_MAX);
    selects.push({ id: ID.pick, placeholder: '选两张势力相同的武将…', options: dealt.map((g) => ({ value: g, label: `${genName(v, g)}（${GENERALS[g] ? KINGDOM_ZH[GENERALS[g]!.kingdom] : '?'}）` })), min: 2, max: 2 });
  }
  if (kind === 'play') buttons.push({ id: ID.end, label: '结束出牌', style: 'secondary' });
  if (kind === 'confirm') buttons.push({ id: ID.ok, label: '确定', style: 'primary' });
  if (kind === 'option') (v.ask!.options ?? []).slice(0, 20).forEach((o, k) => buttons.push({ id: ID.option(k + 1), label: o, style: 'primary' }));
  // No 不出 where declining is not allowed (the discard phase, a cost already accepted).
  if (kind !== 'play' && kind !== 'pick' && !(kind === 'ownCards' && v.ask!.optional === false)) buttons.push({ id: ID.pass, label: '不出', style: 'secondary' });
  return { text, selects, buttons };
}

/** A card's step after it was chosen in the play phase: the targets' menu (or use it as it is). */
function targetPanel(v: PanelView, id: string): OutMessage {
  const others = v.seats.filter((s) => s.alive && s.name !== v.me).map((s) => ({ value: s.name, label: s.name }));
  const self = v.seats.find((s) => s.alive && s.name === v.me);
  const options = [...others, ...(self ? [{ value: self.name, label: `${self.name}（自己）` }] : [])];
  return {
    text: `${nameOf(v, id)}：选目标（借刀杀人先选使用杀的人，再选被杀的人）`,
    selects: [{ id: ID.target(id), placeholder: '目标…', options, min: 1, max: Math.min(3, options.length) }],
    buttons: [{ id: ID.use(id), label: '不指定目标直接使用', style: 'secondary' }, { id: ID.back, label: '返回', style: 'secondary' }],
  };
}

/** Two dealt generals chosen: which is the main general (G2.4: the main general's name goes first). */
function pairPanel(v: PanelView, a: string, b: string): OutMessage {
  return {
    text: `${genName(v, a)}、${genName(v, b)}：哪一张做主将？`,
    buttons: [
      { id: ID.pair(a, b), label: `主将${genName(v, a)} · 副将${genName(v, b)}`, style: 'primary' },
      { id: ID.pair(b, a), label: `主将${genName(v, b)} · 副将${genName(v, a)}`, style: 'primary' },
      { id: ID.back, label: '返回', style: 'secondary' },
    ],
  };
}

/** The text command of a card used or played (the card by its id: 【杀】S014→乙). */
const useText = (id: string, targets: string[] = []) => {
  const name = card(id).name;
  return `【${name}】${id}${targets.length ? `→${targets.join(name === '借刀杀人' ? '→' : '、')}` : ''}`;
};

/**
 * What a press or a choice in the panel means: a command to send as the seat (`say`), another panel to show (the
 * targets' menu), or null (not the panel's id).
 */
export function panelAction(v: PanelView, id: string, values: string[]): { say: string } | { panel: OutMessage } | null {
  if (!id.startsWith(PANEL_PREFIX)) return null;
  if (id === ID.pass) return { say: '【不出】' };
  if (id === ID.end) return { say: '【结束】' };
  if (id === ID.ok) return { say: '【确定】' };
  if (id === ID.back) return { panel: handPanel(v) };
  if (id === ID.discard) return { say: `【弃牌】${values.join('、')}` };
  const opt = /^gz:h:opt:(\d+)$/.exec(id);
  if (opt) return { say: `【选择】${opt[1]}` };
  if (id === ID.pick) {
    // Exactly two (the menu asks for two); the engine refuses a pair of two kingdoms with its own words.
    const [a, b] = values;
    if (!a || !b || values.length !== 2) return { panel: handPanel(v) };
    return { panel: pairPanel(v, a, b) };
  }
  const pair = /^gz:h:pair:(\w+):(\w+)$/.exec(id);
  if (pair) return { say: `【选择】${genName(v, pair[1]!)}+${genName(v, pair[2]!)}` };
  const use = /^gz:h:use:(\w+)$/.exec(id);
  if (use) return { say: useText(use[1]!) };
  const tgt = /^gz:h:tgt:(\w+)$/.exec(id);
  if (tgt) return { say: useText(tgt[1]!, values) };
  if (id === ID.card) {
    const c = values[0];
    if (!c) return { panel: handPanel(v) };
    // In the play phase a card that names targets asks for them first; elsewhere (闪, 桃, 无懈可击…) it is played at once.
    if (v.ask?.kind === 'play' && TARGETED.has(card(c).name)) return { panel: targetPanel(v, c) };
    return { say: useText(c) };
  }
  return null;
}
