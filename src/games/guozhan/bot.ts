/**
 * 国战's computer player (issue 20): a rules-following bot for empty seats and for absent players' autopilot. It
 * answers the open ask of its seat with the text a person would type (X6's grammar: physical card ids, seat names),
 * so its moves go through the platform's one path (parse → apply → log). What it knows is what its seat knows: its
 * own hand and generals, and the public table (revealed kingdoms, health, equipment) — never another's hand or
 * hidden general.
 *
 * How it plays: it ranks the moves it likes — 桃 when hurt, equipment into empty slots, 无中生有, 杀 on enemies in
 * range (weakest first), harmful tricks on enemies, a reveal when it does not make it a careerist — and keeps the
 * first the engine accepts (each is tried on a copy of the game: the engine is the judge of legality, so skills
 * and rules it does not know about are never broken). Answers: 闪 when attacked (八卦阵 first), 杀 when a 决斗 or
 * 南蛮 asks, 桃 to save itself or a kingdom-mate, 无懈可击 against a harmful trick on itself or a mate, optional
 * triggers accepted, the cheapest cards discarded; anything else, the first legal answer or a pass.
 */
import { card, lowFirst, SLASHES } from './cards.ts';
import { inRange, P } from './core.ts';
import { applyEntry } from './engine.ts';
import { general, GENERALS } from './generals.ts';
import { parseCommands } from './parse.ts';
import type { State } from './types.ts';
import { SLOTS } from './types.ts';

/** The bot styles a judge may name (one for now). */
export const BOT_STYLES = ['standard'] as const;

/** Tricks that hurt their target. */
const HARMFUL = new Set(['过河拆桥', '顺手牵羊', '决斗', '乐不思蜀', '兵粮寸断', '火攻', '借刀杀人', '南蛮入侵', '万箭齐发', '水淹七军', '调虎离山']);
/** Cards the discard phase keeps longest. */
const KEEP = ['桃', '无懈可击', '无懈可击·国', '闪', '酒', '杀', '雷杀', '火杀'];

/** A seat's own kingdom as it knows it: from its generals (even hidden), or null before the pick. */
function myKingdom(s: State, me: number): string | null {
  const p = P(s, me);
  if (p.careerist) return 'careerist';
  if (p.kingdom) return p.kingdom;
  return p.generals ? general(p.generals[0]!).kingdom : null;
}

/** What `me` knows of another's side: its revealed kingdom (public), 'careerist', or null (nothing revealed). */
function knownKingdom(s: State, i: number): string | null {
  const p = P(s, i);
  return p.careerist ? 'careerist' : p.kingdom ?? null;
}

/** A kingdom-mate as far as `me` knows (a careerist has none). */
export function isMate(s: State, me: number, i: number): boolean {
  if (i === me) return true;
  const k = myKingdom(s, me);
  const o = knownKingdom(s, i);
  return k !== null && k !== 'careerist' && o === k;
}

/** Alive others that are not known mates, the known enemies first, then the weakest. */
function foes(s: State, me: number): number[] {
  const out = s.players.flatMap((p, i) => (p.alive && i !== me && !isMate(s, me, i) ? [i] : []));
  return out.sort((a, b) => Number(knownKingdom(s, b) !== null) - Number(knownKingdom(s, a) !== null) || P(s, a).hp - P(s, b).hp || a - b);
}

const name = (s: State, i: number) => P(s, i).name;
const ids = (xs: string[]) => xs.join('、');

/** Whether `text` is accepted for `seat` now (tried on a copy: the engine changes the state it is given). */
export function accepted(s: State, seat: number, text: string): boolean {
  const parsed = parseCommands(text);
  if (parsed.length !== 1 || !parsed[0]!.ok || 'judge' in parsed[0]!) return false;
  const { log, commands: _c, ...rest } = s;
  const copy = structuredClone(rest) as State;
  copy.log = log.slice();
  copy.commands = [];
  try {
    return applyEntry(copy, { type: 'cmd', at: s.now, seat, cmd: parsed[0]!.cmd }).ok;
  } catch {
    return false;
  }
}

/** Whether revealing would make `me` a careerist (G14: more than half the players of one kingdom). */
function revealSafe(s: State, me: number): boolean {
  const k = myKingdom(s, me);
  if (!k || k === 'careerist' || P(s, me).kingdom) return true;
  const same = s.players.filter((p, i) => i !== me && p.kingdom === k && !p.careerist).length;
  return same + 1 <= Math.floor(s.players.length / 2);
}

/** The moves the bot would make for `seat`'s part of the open ask, best first (not yet checked). */
export function candidates(s: State, me: number): string[] {
  const a = s.ask;
  if (!a) return [];
  const p = P(s, me);
  const hand = p.hand;
  const named = (n: string | string[]) => hand.filter((id) => (Array.isArray(n) ? n : [n]).includes(card(id).name));
  const out: string[] = [];
  switch (a.kind) {
    case 'pick': {
      // The pair with the most health (fish), companions first; main = the earlier dealt.
      const pairs: { m: string; d: string; score: number }[] = [];
      for (const [x, m] of p.dealt.entries()) for (const d of p.dealt.slice(x + 1)) {
        const gm = general(m), gd = general(d);
        if (gm.kingdom !== gd.kingdom) continue;
        pairs.push({ m, d, score: gm.fish + gd.fish + (gm.companions.includes(d) ? 3 : 0) });
      }
      pairs.sort((x, y) => y.score - x.score);
      for (const q of pairs) out.push(`【选择】${GENERALS[q.m]!.zh}+${GENERALS[q.d]!.zh}`);
      return out;
    }
    case 'turnStart': {
      // Reveal from the second round on (or when hurt, for the markers), never into careerism.
      if (revealSafe(s, me) && (s.turn.n > s.players.length || p.hp < p.maxHp)) out.push('【明置】全部', '【明置】主将');
      // Everyone else alive is already revealed as my kingdom and revealing makes me its careerist (G14): hidden, no
      // one can win (G16 waits on my side), so reveal and fight as the careerist rather than stall the table forever.
      else if (!revealSafe(s, me) && s.players.every((q, i) => i === me || !q.alive || knownKingdom(s, i) === myKingdom(s, me))) out.push('【明置】全部');
      out.push('【不出】');
      return out;
    }
    case 'play': {
      if (p.hp < p.maxHp && !s.aozhan) for (const id of named('桃')) out.push(`【桃】${id}`);
      for (const id of hand) {
        const c = card(id);
        if (c.type === 'equip' && c.slot && !p.equip[c.slot]) out.push(`【${c.name}】${id}`);
      }
      for (const id of named(['无中生有', '以逸待劳'])) out.push(`【${card(id).name}】${id}`);
      const enemies = foes(s, me);
      const known = enemies.filter((i) => knownKingdom(s, i) !== null);
      // 杀: enemies in range, the weakest first (the engine refuses a second 杀 beyond the limit).
      const slashes = hand.filter((id) => SLASHES.has(card(id).name));
      if (slashes.length) {
        for (const i of enemies) if (inRange(s, me, i)) out.push(`【杀】${slashes[0]}→${name(s, i)}`);
        if (p.hp <= 1) for (const id of named('酒')) out.unshift(`【酒】${id}`);
      }
      for (const id of hand) {
        const c = card(id);
        if (c.type !== 'trick' && c.type !== 'delayed') continue;
        if (c.name === '南蛮入侵' || c.name === '万箭齐发') {
          // Worth it when it hits more foes than mates.
          const others = s.players.flatMap((q, i) => (q.alive && i !== me ? [i] : []));
          const mates = others.filter((i) => isMate(s, me, i)).length;
          if (others.length - mates > mates) out.push(`【${c.name}】${id}`);
        } else if (c.name === '桃园结义') {
          if (p.hp < p.maxHp) out.push(`【桃园结义】${id}`);
        } else if (c.name === '五谷丰登') out.push(`【五谷丰登】${id}`);
        else if (c.name === '借刀杀人') {
          for (const i of enemies) if (P(s, i).equip.weapon) for (const v of enemies) if (v !== i) out.push(`【借刀杀人】${id}→${name(s, i)}→${name(s, v)}`);
        } else if (HARMFUL.has(c.name)) {
          for (const i of (known.length ? known : enemies)) out.push(`【${c.name}】${id}→${name(s, i)}`);
        } else if (c.name === '铁索连环' || c.name === '知己知彼') out.push(`【重铸】${id}`);
      }
      out.push('【结束】');
      return out;
    }
    case 'respond': {
      if (a.eightDiagram) out.push('【技能】八卦阵');
      const want = a.want ?? '闪';
      const own = want === '杀' ? hand.filter((id) => SLASHES.has(card(id).name)) : named(want);
      // 借刀杀人's 杀 is used on its victim; a 决斗 or 南蛮 asks it played.
      const to = a.mode === 'use' && want === '杀' && a.on !== undefined ? `→${name(s, a.on)}` : '';
      for (const id of own) out.push(`【${want}】${id}${to}`);
      out.push('【不出】');
      return out;
    }
    case 'peach': {
      const dying = a.on ?? me;
      if (isMate(s, me, dying)) {
        for (const id of named('桃')) out.push(`【桃】${id}`);
        if (dying === me) for (const id of named('酒')) out.push(`【酒】${id}`);
        if (p.markers.companion > 0) out.push('【标记】珠联璧合 桃');
      }
      out.push('【不出】');
      return out;
    }
    case 'nullify': {
      const about = (a.about ?? {}) as { card?: string; user?: number | null; target?: number | null; depth?: number };
      const nul = named(['无懈可击', '无懈可击·国']);
      const harmful = about.card !== undefined && HARMFUL.has(about.card);
      const protect = about.target !== null && about.target !== undefined && isMate(s, me, about.target) && (about.user === null || about.user === undefined || !isMate(s, me, about.user));
      if (nul.length && (about.depth ?? 0) === 0 && harmful && protect) out.push(`【${card(nul[0]!).name}】${nul[0]}`);
      out.push('【不出】');
      return out;
    }
    case 'confirm': return ['【确定】', '【不出】'];
    case 'option': return (a.options ?? []).map((_, k) => `【选择】${k + 1}`).concat('【不出】');
    case 'pickCard': {
      const about = (a.about ?? {}) as { hand?: number; equip?: string[]; judge?: string[] };
      for (const id of about.equip ?? []) out.push(`【选择】${card(id).name}`);
      for (let k = 1; k <= (about.hand ?? 0); k++) out.push(`【选择】手牌${k}`);
      for (const id of about.judge ?? []) out.push(`【选择】${card(id).name}`);
      return out;
    }
    case 'ownCards': {
      if (a.optional) out.push('【不出】');
      const pool = [...hand, ...(a.equip ? SLOTS.flatMap((x) => (p.equip[x] ? [p.equip[x]!] : [])) : [])].filter((id) => !a.suit || card(id).suit === a.suit);
      const worth = (id: string) => { const k = KEEP.indexOf(card(id).name); return k < 0 ? 100 : KEEP.length - k; };
      const sorted = [...pool].sort((x, y) => worth(y) - worth(x) || lowFirst(x, y));
      const n = a.count ?? 1;
      // The cheapest first; then, since a skill's prompt may take only some cards (骁果: a basic card) and the ask
      // does not say which, the next cheapest runs of n in turn — the engine's check picks the first it takes.
      // (Fewer cards than n: the one run of all of them.)
      if (sorted.length) for (let k = 0; k <= Math.max(0, sorted.length - n); k++) out.push(`【弃牌】${ids(sorted.slice(k, k + n))}`);
      return out;
    }
    case 'pindian': {
      // 拼点 (强袭, 驱虎, 烈刃, 天义, 双刃…): the higher card wins (the initiator only with a strictly higher one),
      // so both sides show their highest hand card.
      for (const id of [...hand].sort((x, y) => card(y).rank - card(x).rank || lowFirst(x, y))) out.push(`【拼点】${id}`);
      return out;
    }
    case 'target': {
      const legal = ((a.about ?? {}) as { legal?: number[] }).legal ?? [];
      const order = [...legal.filter((i) => !isMate(s, me, i)), ...legal.filter((i) => isMate(s, me, i))];
      for (const i of order) out.push(`【选择】${name(s, i)}`);
      return out;
    }
    default:
      // An ask this bot has no policy for (a skill's own): decline; the deadline's default is the last resort.
      return ['【不出】', '【确定】', '【选择】1'];
  }
}

/** The bot's answer for `seat` now: its first candidate the engine accepts, or null (the deadline will answer). */
export function botMove(s: State, seat: number): string | null {
  if (!s.ask || !s.ask.seats.includes(seat) || s.status === 'ended') return null;
  for (const text of candidates(s, seat)) if (accepted(s, seat, text)) return text;
  return null;
}
