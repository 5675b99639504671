/**
 * Random legal play (issue 18's proof): a seeded player that answers every open ask with a command drawn from
 * what the ask allows — cards of its own hand with random targets, markers, recasts, reveals, passes — and lets
 * the clock run out now and then so the X3 defaults are played too. The engine's refusals tell it what was not
 * legal; it then tries something else, and in the end passes or times out. Used by the tests and the bench.
 */
import { activeNames } from './triggers.ts';
import { makeRng, type Rng } from '../europe/rng.ts';
import { allianceMarked, card, SLOT_ZH } from './cards.ts';
import { P } from './core.ts';
import { applyEntry, newGame, type GzEntry, type StartEntry } from './engine.ts';
import { general, GENERAL_IDS } from './generals.ts';
import { SLOTS, type Cmd, type State } from './types.ts';

export interface SimOptions {
  players: number;
  seed: number;
  /** Chance that an ask is left to time out. */
  timeoutRate?: number;
  /** Called after every entry (invariants). */
  check?: (s: State, step: number) => void;
  settings?: StartEntry['settings'];
  /** Stop after this many entries (a game that does not end is a failure of the caller's choosing). */
  maxSteps?: number;
}

export interface SimResult { state: State; steps: number; refusals: number; entries: GzEntry[] }

const SEATS = ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'];

export function simulate(o: SimOptions): SimResult {
  const rng = makeRng(o.seed ^ 0x5bd1e995);
  const start: StartEntry = { type: 'start', at: 0, seed: o.seed, seats: SEATS.slice(0, o.players), settings: { skills: 'off', ...(o.settings ?? {}) } };
  const entries: GzEntry[] = [start];
  let s = newGame(start);
  const apply = (e: Exclude<GzEntry, StartEntry>) => { entries.push(e); const r = applyEntry(s, e); s = r.state; return r; };
  let steps = 0, refusals = 0;
  const max = o.maxSteps ?? 20000;
  o.check?.(s, 0);
  while (s.status !== 'ended' && steps < max) {
    const a = s.ask!;
    let done = false;
    if (rng.chance(o.timeoutRate ?? 0.05)) {
      done = apply({ type: 'timeout', at: a.deadline, ask: a.id }).ok;
    }
    for (let tries = 0; !done && tries < 6; tries++) {
      const seat = rng.pick(a.seats);
      const cmd = propose(s, seat, rng, tries);
      const r = apply({ type: 'cmd', at: s.now + 1000, seat, cmd });
      if (r.ok) done = true;
      else refusals++;
    }
    if (!done) {
      apply({ type: 'timeout', at: s.ask!.deadline, ask: s.ask!.id });
    }
    steps++;
    o.check?.(s, steps);
  }
  return { state: s, steps, refusals, entries };
}

const names = (s: State) => s.players.map((p) => p.name);

/** A command for `seat`'s part of the open ask; later tries lean to passing. */
export function propose(s: State, seat: number, rng: Rng, tries: number): Cmd {
  const a = s.ask!;
  const p = P(s, seat);
  const hand = p.hand;
  const giveUp = tries >= 4;
  switch (a.kind) {
    case 'pick': {
      const pairs: [string, string][] = [];
      for (const x of p.dealt) for (const y of p.dealt) if (x !== y && general(x).kingdom === general(y).kingdom) pairs.push([x, y]);
      return { k: 'choose', pair: rng.pick(pairs) };
    }
    case 'turnStart':
      if (giveUp || rng.chance(0.4)) return { k: 'pass' };
      return { k: 'reveal', which: rng.pick(['main', 'deputy', 'both'] as const) };
    case 'play': {
      if (giveUp || rng.chance(0.12) || !hand.length) {
        if (!giveUp && rng.chance(0.3)) {
          const m = rng.pick(['vanguard', 'yinyang', 'companion'] as const);
          return { k: 'marker', marker: m, option: m === 'yinyang' ? rng.pick(['draw', 'limit'] as const) : m === 'companion' ? rng.pick(['draw', 'peach'] as const) : undefined };
        }
        return { k: 'end' };
      }
      const all0 = names(s).filter((_, i) => P(s, i).alive);
      // Skills (issue 19): now and then an active skill of this character with random cards and targets, or a card
      // converted into 兵粮寸断 (断粮); the engine refuses what does not fit and the next try proposes again.
      const actives = s.settings.skills === 'on' ? activeNames(s, seat) : [];
      if (actives.length && rng.chance(0.15)) {
        const pool = [...hand, ...SLOTS.flatMap((x) => (p.equip[x] ? [p.equip[x]!] : []))];
        return { k: 'skill', skill: rng.pick(actives), cards: rng.chance(0.5) && pool.length ? [{ id: rng.pick(pool) }] : [], targets: [rng.pick(all0)] };
      }
      const id = rng.pick(hand);
      const c = card(id);
      // …or two hand cards as 万箭齐发 (乱击), for every other such proposal (the same draws from the rng either way).
      if (s.settings.skills === 'on' && rng.chance(0.05)) {
        const to = rng.pick(all0);
        if (hand.indexOf(id) % 2 === 1) return { k: 'card', name: '万箭齐发', cards: [{ id: hand[0]! }, { id }], targets: [] };
        return { k: 'card', name: '兵粮寸断', cards: [{ id }], targets: [to] };
      }
      if ((c.name === '铁索连环' || c.name === '知己知彼' || c.name === '勠力同心') && rng.chance(0.3)) return { k: 'recast', card: { id } };
      const all = names(s).filter((_, i) => P(s, i).alive);
      // G18.3: now and then a 连横 of the marked cards in hand.
      const marked = hand.filter(allianceMarked);
      if (marked.length && rng.chance(0.15)) return { k: 'alliance', cards: rng.shuffle(marked).slice(0, rng.int(1, Math.min(3, marked.length))).map((x) => ({ id: x })), target: rng.pick(all) };
      const targets = c.name === '铁索连环' || c.name === '调虎离山' ? rng.shuffle(all).slice(0, rng.int(1, 2))
        : c.name === '勠力同心' ? [rng.pick(['大势力', '小势力'])]
        : ['南蛮入侵', '万箭齐发', '桃园结义', '五谷丰登', '以逸待劳', '桃', '酒', '无中生有', '闪电', '火烧连营', '敕令', '挟天子以令诸侯'].includes(c.name) || c.type === 'equip' ? []
        // C-SA-HALBERD: several 杀 targets.
        : c.type === 'basic' && c.name.endsWith('杀') && p.equip.weapon && card(p.equip.weapon).name === '方天画戟' && rng.chance(0.5) ? rng.shuffle(all).slice(0, rng.int(1, 3))
        : [rng.pick(all)];
      const cmd: Cmd = { k: 'card', name: c.name, cards: [{ id }], targets };
      if (c.name === '借刀杀人') return { ...cmd, victim: rng.pick(all) };
      // 鏖战's 桃 as 杀, 丈八蛇矛's two cards as 杀.
      if (c.name === '桃' && s.aozhan) return { k: 'card', name: '杀', cards: [{ id }], targets: [rng.pick(all)] };
      if (p.equip.weapon && card(p.equip.weapon).name === '丈八蛇矛' && hand.length >= 2 && rng.chance(0.2)) return { k: 'card', name: '杀', cards: rng.shuffle(hand).slice(0, 2).map((x) => ({ id: x })), targets: [rng.pick(all)] };
      return cmd;
    }
    case 'respond': {
      if (giveUp || rng.chance(0.15)) return { k: 'pass' };
      if (a.eightDiagram && rng.chance(0.5)) return { k: 'skill', skill: '八卦阵', cards: [], targets: [] };
      const want = a.want === '杀' ? ['杀', '雷杀', '火杀'] : ['闪'];
      const own = hand.filter((id) => want.includes(card(id).name));
      // A conversion skill (倾国, 武圣, 龙胆 …): a random hand card as the wanted card; refused when none fits.
      if (s.settings.skills === 'on' && hand.length && rng.chance(0.2) && tries < 2) return { k: 'card', name: a.want!, cards: [{ id: rng.pick(hand) }], targets: [] };
      const peach = hand.filter((id) => card(id).name === '桃');
      if (s.aozhan && peach.length && rng.chance(0.3)) return { k: 'card', name: a.want!, cards: [{ id: peach[0]! }], targets: [] };
      if (!own.length) return { k: 'pass' };
      return { k: 'card', name: a.want!, cards: [{ id: rng.pick(own) }], targets: a.on !== undefined && a.want === '杀' && a.mode === 'use' ? [s.players[a.on]!.name] : [] };
    }
    case 'peach': {
      if (giveUp) return { k: 'pass' };
      const own = hand.filter((id) => card(id).name === '桃' || (seat === a.on && card(id).name === '酒'));
      if (p.markers.companion > 0 && rng.chance(0.5)) return { k: 'marker', marker: 'companion', option: 'peach' };
      if (!own.length || rng.chance(0.1)) return { k: 'pass' };
      const id = rng.pick(own);
      return { k: 'card', name: card(id).name, cards: [{ id }], targets: [] };
    }
    case 'nullify': {
      const own = hand.filter((id) => card(id).name === '无懈可击' || card(id).name === '无懈可击·国');
      if (giveUp || !own.length || rng.chance(0.4)) return { k: 'pass' };
      const id = rng.pick(own);
      return { k: 'card', name: card(id).name, cards: [{ id }], targets: [], ...(rng.chance(0.5) && card(id).name === '无懈可击·国' ? { whole: true } : {}) };
    }
    case 'confirm': return giveUp || rng.chance(0.5) ? { k: 'pass' } : { k: 'ok' };
    case 'option': return { k: 'choose', option: rng.int(1, a.options!.length) };
    case 'pickCard': {
      const about = a.about as { hand: number; equip: string[]; judge: string[] };
      const opts: Cmd[] = [];
      for (let k = 1; k <= about.hand; k++) opts.push({ k: 'choose', other: [{ pos: k }] });
      for (const id of about.equip) opts.push({ k: 'choose', other: [{ slot: card(id).slot! }] });
      for (const id of about.judge) opts.push({ k: 'choose', other: [{ name: card(id).name }] });
      void SLOT_ZH;
      return rng.pick(opts);
    }
    case 'ownCards': {
      if (a.optional && (giveUp || rng.chance(0.4))) return { k: 'pass' };
      const pool = [...hand, ...(a.equip ? SLOTS.flatMap((x) => (p.equip[x] ? [p.equip[x]!] : [])) : [])];
      const pick = rng.shuffle(pool.filter((id) => !a.suit || card(id).suit === a.suit)).slice(0, a.count ?? 1);
      const about = a.about as { skill?: string; victims?: number[] } | undefined;
      if (about?.skill === '三尖两刃刀') return { k: 'skill', skill: '三尖两刃刀', cards: pick.slice(0, 1).map((id) => ({ id })), targets: [s.players[rng.pick(about.victims!)]!.name] };
      return { k: 'discard', cards: pick.map((id) => ({ id })) };
    }
    case 'pindian': return hand.length ? { k: 'pindian', card: { id: rng.pick(hand) } } : { k: 'pass' };
    case 'give': {
      const left = (a.about as { cards: string[] }).cards;
      const others = s.players.flatMap((q, i) => (q.alive && i !== seat ? [q.name] : []));
      if (giveUp || !others.length || rng.chance(0.4)) return { k: 'pass' };
      return { k: 'give', cards: rng.shuffle(left).slice(0, rng.int(1, left.length)).map((id) => ({ id })), target: rng.pick(others) };
    }
    case 'target': {
      const legal = (a.about as { legal: number[] }).legal;
      const who = s.players[rng.pick(legal)]!.name;
      return { k: 'choose', players: [who], general: { player: who, which: rng.pick(['main', 'deputy'] as const) } };
    }
  }
}

export { GENERAL_IDS };
