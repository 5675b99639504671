/**
 * Shared by the Shu, Wu and Qun coverage, random-play and views tests (issue 19): H's skill names per general (what
 * COVERAGE must account for, done or waiting), the coverage check, and seeded random games in which three of six
 * seats are dealt that kingdom's generals (the others any other kingdom's), played to the end by sim.ts's `propose`
 * with issue 18's invariants after every entry.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COVERAGE, skillsFor } from '../../../src/games/guozhan/skills/index.ts';
import { GENERAL_ROWS } from '../../../src/games/guozhan/data/generals.ts';
import { propose } from '../../../src/games/guozhan/sim.ts';
import { applyEntry, newGame, type GzEntry, type StartEntry } from '../../../src/games/guozhan/engine.ts';
import { makeRng } from '../../../src/games/europe/rng.ts';
import { checkInvariants } from '../invariants.ts';
import type { State } from '../../../src/games/guozhan/types.ts';
import './helpers.ts';

/** guozhan.md H: every skill of each Shu, Wu and Qun general, in H order. */
export const H_SKILLS: Readonly<Record<string, readonly string[]>> = {
  hs__liubei: ['仁德'], hs__guanyu: ['武圣'], hs__zhangfei: ['咆哮'], hs__zhugeliang: ['观星', '空城'], hs__zhaoyun: ['龙胆'],
  hs__machao: ['马术', '铁骑'], hs__huangyueying: ['集智', '奇才'], hs__huangzhong: ['烈弓'], hs__weiyan: ['狂骨'], hs__pangtong: ['连环', '涅槃'],
  hs__wolong: ['八阵', '火计', '看破'], hs__liushan: ['享乐', '放权'], hs__menghuo: ['祸首', '再起'], hs__zhurong: ['巨象', '烈刃'], hs__ganfuren: ['淑慎', '神智'],
  hs__sunquan: ['制衡'], hs__ganning: ['奇袭'], hs__lvmeng: ['克己', '谋断'], hs__huanggai: ['苦肉'], hs__zhouyu: ['英姿', '反间'],
  hs__daqiao: ['国色', '流离'], hs__luxun: ['谦逊', '度势'], hs__sunshangxiang: ['枭姬', '结姻'], hs__sunjian: ['英魂'], hs__xiaoqiao: ['天香', '红颜'],
  hs__taishici: ['天义'], hs__zhoutai: ['不屈', '奋激'], hs__lusu: ['好施', '缔盟'], hs__zhangzhaozhanghong: ['直谏', '固政'], hs__dingfeng: ['短兵', '奋迅'],
  hs__huatuo: ['急救', '除疠'], hs__lvbu: ['无双'], hs__diaochan: ['离间', '闭月'], hs__yuanshao: ['乱击'], hs__yanliangwenchou: ['双雄'],
  hs__jiaxu: ['完杀', '乱武', '帷幕'], hs__pangde: ['马术', '鞬出'], hs__zhangjiao: ['雷击', '鬼道'], hs__caiwenji: ['悲歌', '断肠'], hs__mateng: ['马术', '雄异'],
  hs__kongrong: ['名士', '礼让'], hs__jiling: ['双刃'], hs__tianfeng: ['死谏', '随势'], hs__panfeng: ['狂斧'], hs__zoushi: ['祸水', '倾城'],
};

export type KingdomPrefix = 'SHU' | 'WU' | 'QUN';

/**
 * COVERAGE for one kingdom: its 15 generals in H order; `done` is exactly what is registered for the general (by
 * name); done + waiting is exactly H's skill list; every waiting skill names its missing hook. Returns the done names.
 */
export function checkCoverage(prefix: KingdomPrefix): string[] {
  const rows = GENERAL_ROWS.filter((r) => r[0].startsWith(`H-${prefix}-`));
  const cov = COVERAGE.filter((c) => c.h.startsWith(`H-${prefix}-`));
  assert.deepEqual(cov.map((c) => `${c.h} ${c.general}`), rows.map((r) => `${r[0]} ${r[1]}`));
  const reg = skillsFor('standard');
  for (const c of cov) {
    const names = [...new Set(reg.filter((k) => k.general === c.general).map((k) => k.name))];
    assert.deepEqual([...names].sort(), [...c.done].sort(), `${c.general}: done = registered`);
    assert.deepEqual([...c.done, ...Object.keys(c.waiting)].sort(), [...H_SKILLS[c.general]!].sort(), `${c.general}: done + waiting = H`);
    for (const [k, why] of Object.entries(c.waiting)) {
      assert.ok(!c.done.includes(k), `${k} both done and waiting`);
      assert.ok(why.length > 20, `${c.general} ${k}: the missing hook is named`);
    }
  }
  assert.equal(new Set(reg.map((k) => k.id)).size, reg.length, 'skill ids are unique');
  return cov.flatMap((c) => c.done);
}

const SEATS = ['甲', '乙', '丙', '丁', '戊', '己'];

/**
 * One seeded 6-seat game: seats 1, 3, 5 get two distinct generals of `kingdom` (a random pair each), seats 2, 4, 6 a
 * pair of one other kingdom each; then every ask is answered by `propose` (or left to time out now and then) until
 * the game ends. The invariants are checked after every entry; `check` may add its own.
 */
export function playKingdomGame(kingdom: 'shu' | 'wu' | 'qun', seed: number, check?: (s: State, step: number) => void): { state: State; entries: GzEntry[] } {
  const rng = makeRng(seed * 7919 + kingdom.length);
  const byK = (k: string) => rng.shuffle(GENERAL_ROWS.filter((r) => r[3] === k).map((r) => r[1] as string));
  const mine = byK(kingdom);
  const others = (['wei', 'shu', 'wu', 'qun'] as const).filter((k) => k !== kingdom);
  const generals: Record<string, [string, string]> = {};
  const used = new Map<string, string[]>();
  SEATS.forEach((name, i) => {
    if (i % 2 === 0) { generals[name] = [mine.pop()!, mine.pop()!]; return; }
    const k = others[(i - 1) / 2]!;
    const pool = used.get(k) ?? byK(k);
    used.set(k, pool);
    generals[name] = [pool.pop()!, pool.pop()!];
  });
  const start: StartEntry = { type: 'start', at: 0, seed, seats: SEATS, settings: { skills: 'on' }, generals };
  const entries: GzEntry[] = [start];
  let s = newGame(start);
  const apply = (e: Exclude<GzEntry, StartEntry>) => { entries.push(e); const r = applyEntry(s, e); s = r.state; return r.ok; };
  checkInvariants(s, `seed ${seed} step 0`);
  for (let step = 1; s.status !== 'ended'; step++) {
    assert.ok(step < 20000, `seed ${seed}: the game ends`);
    const a = s.ask!;
    let done = rng.chance(0.05) && apply({ type: 'timeout', at: a.deadline, ask: a.id });
    for (let tries = 0; !done && tries < 6; tries++) {
      const seat = rng.pick(a.seats);
      done = apply({ type: 'cmd', at: s.now + 1000, seat, cmd: propose(s, seat, rng, tries) });
    }
    // No stuck ask: what no answer closed, its timeout does.
    if (!done) assert.ok(apply({ type: 'timeout', at: s.ask!.deadline, ask: s.ask!.id }), `seed ${seed} step ${step}: the timeout closes the ask`);
    checkInvariants(s, `seed ${seed} step ${step}`);
    check?.(s, step);
  }
  return { state: s, entries };
}

/** Replays a game's entries from its start and returns the final state (determinism). */
export function replay(entries: GzEntry[]): State {
  const es = JSON.parse(JSON.stringify(entries)) as GzEntry[];
  let s = newGame(es[0] as StartEntry);
  for (const e of es.slice(1)) s = applyEntry(s, e as Exclude<GzEntry, StartEntry>).state;
  return s;
}

/**
 * Issue 19's random-play proof for one kingdom: seeded 6-player games in which three seats hold that kingdom's
 * generals, every ask answered by sim.ts's `propose` or its timeout, played to the end — issue 18's invariants after
 * every entry, no ask that neither an answer nor its timeout closes — every tenth game replayed from its entries to
 * the same state, and each of the kingdom's trigger skills done used at least once (conversions and active skills
 * are used only when sim.ts proposes them, so they are not required). `GUOZHAN_<KINGDOM>_GAMES` sets the count.
 */
export function randomPlayTest(kingdom: 'shu' | 'wu' | 'qun', zh: string): void {
  const GAMES = Number(process.env[`GUOZHAN_${kingdom.toUpperCase()}_GAMES`] ?? 40);
  test(`random play with the ${zh} skills: ${GAMES} seeded 6-player games end, invariants after every entry, no stuck ask`, () => {
    const used = new Map<string, number>();
    for (let seed = 1; seed <= GAMES; seed++) {
      const { state, entries } = playKingdomGame(kingdom, seed);
      assert.equal(state.status, 'ended', `seed ${seed} ended`);
      for (const row of state.log) if (row.t === 'skill') used.set(row.skill as string, (used.get(row.skill as string) ?? 0) + 1);
      if (seed % 10 === 0) assert.deepEqual(JSON.parse(JSON.stringify(replay(entries))), JSON.parse(JSON.stringify(state)), `seed ${seed} replays`);
    }
    const h = `H-${kingdom.toUpperCase()}-`;
    const mine = new Set(COVERAGE.filter((c) => c.h.startsWith(h)).map((c) => c.general));
    const triggers = [...new Set(skillsFor('standard').filter((k) => mine.has(k.general) && (k.kind === 'trigger' || k.kind === 'locked')).map((k) => k.name))];
    for (const k of triggers) assert.ok((used.get(k) ?? 0) > 0, `${k} used`);
    process.stdout.write(`skills used: ${JSON.stringify(Object.fromEntries(used))}\n`);
  });
}
