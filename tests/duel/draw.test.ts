/**
 * Europe Duel's map picture and turn posts (duel.md D10.3, D10.5's colours, D11 B8's size): the PNG New European
 * War's painter draws of a duel board (src/games/duel/draw.ts), when DuelRules posts it, the resolution summary and
 * its fold, and the platform's wiring (the start's map, 【地图】 answered privately, the end's map).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile, type GameMap } from '../../src/games/europe/map/index.ts';
import { mapGeometry, pngPixels, renderMapSvg } from '../../src/games/europe/paint/index.ts';
import { staticLayer } from '../../src/games/europe/paint/layered.ts';
import { shapedFrame } from '../../src/games/europe/paint/layers.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import { applyDuel, newDuel, type DuelState } from '../../src/games/duel/engine.ts';
import { DuelRules, duel, type Duel } from '../../src/games/duel/module.ts';
import { SIDE_COLOR } from '../../src/games/duel/page.ts';
import {
  capitalAttacked, duelPaintState, duelPicture, NEUTRAL_FILL, renderDuelMapPng, resolutionSummary, SUMMARY_LIMIT,
  type DuelMapOpts, type DuelPicture, type DuelRenderer,
} from '../../src/games/duel/draw.ts';
import type { Entry, StepResult } from '../../src/platform/session/index.ts';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { FakeChat, T0, alice, bob, judy, sam } from '../helpers/live.ts';

const europe = loadMapFile('maps/europe.json');
const ready = (g: ReturnType<typeof duelGraph>, s: DuelState) => {
  for (const side of ['A', 'B'] as const) applyDuel(g, s, { type: 'command', at: s.openedAt, side, command: { kind: 'ready' } });
};
/** Seed 7 on Europe, both sides' helpers playing (people who only press Ready), at the opening of `turn`. */
function helperGame(map: GameMap, seed: number, turn: number): DuelState {
  const g = duelGraph(map);
  const s = newDuel(map, { type: 'start', at: 0, seed });
  while (s.status === 'running' && s.turn < turn) ready(g, s);
  return s;
}

const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const rgb = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as [number, number, number];

/**
 * The colour a territory shows on the picture: the commonest colour of its interior pixels (its own for 3 px every
 * way, in the painter's territory-index image of the view), so borders, its name and its count do not decide it.
 */
async function colourOf(map: GameMap, png: Buffer, id: string): Promise<{ colour: string; share: number; pixels: number }> {
  const geo = mapGeometry(map);
  const st = await staticLayer(map, geo, shapedFrame(geo, null, {}));
  const i = st.ids.indexOf(id);
  assert.ok(i > 0, `${id} has a shape on the map`);
  const { data, width } = await pngPixels(png);
  const at = (x: number, y: number) => st.idx[y * st.W + x];
  const count = new Map<string, number>();
  let n = 0;
  for (let y = 3; y < st.H - 3; y++) {
    for (let x = 3; x < st.W - 3; x++) {
      if (at(x, y) !== i || at(x - 3, y) !== i || at(x + 3, y) !== i || at(x, y - 3) !== i || at(x, y + 3) !== i) continue;
      const o = (y * width + x) * 4;
      const c = hex(data[o]!, data[o + 1]!, data[o + 2]!);
      count.set(c, (count.get(c) ?? 0) + 1);
      n++;
    }
  }
  const [colour, k] = [...count].sort((a, b) => b[1] - a[1])[0]!;
  return { colour, share: k / n, pixels: n };
}
const near = (a: string, b: string, tol = 6) => rgb(a).every((v, i) => Math.abs(v - rgb(b)[i]!) <= tol);

test('D10.3/B8: the Europe duel map PNG decodes at the map\'s size (1600 × 1210 and the 40 px header), under 1 MB, in both languages', async () => {
  const g = duelGraph(europe);
  const s = helperGame(europe, 7, 20);
  for (const lang of ['zh', 'en'] as const) {
    const png = await renderDuelMapPng(europe, duelPicture(g, s, SIDE_COLOR), { lang });
    const { width, height } = await pngPixels(png);
    assert.equal(width, 1600);
    assert.equal(height, 1250);
    assert.ok(png.length <= 1024 * 1024, `${png.length} bytes`);
  }
});

test('D10.5 on the picture: each side\'s colour on its capital\'s pixels, a neutral territory grey', async () => {
  const g = duelGraph(europe);
  const s = helperGame(europe, 7, 1);
  // Seed 7 draws lille for A (red) and larissa for B (blue); at the start nothing else is owned.
  assert.deepEqual(s.capitals, { A: 'lille', B: 'larissa' });
  const png = await renderDuelMapPng(europe, duelPicture(g, s, SIDE_COLOR));
  for (const side of ['A', 'B'] as const) {
    const c = await colourOf(europe, png, s.capitals[side]);
    assert.ok(near(c.colour, SIDE_COLOR[side]), `${side}'s capital ${s.capitals[side]} shows ${c.colour}, not ${SIDE_COLOR[side]}`);
    // The capital's label (★, name, count) covers much of a small territory: the fill is still its commonest colour.
    assert.ok(c.share > 0.25, `${Math.round(c.share * 100)}% of ${c.pixels} interior pixels`);
  }
  // The biggest neutral territory: grey (all three channels equal), the duel's neutral.
  const geo = mapGeometry(europe);
  const big = g.land.filter((t) => !s.owner[t]).sort((a, b) => geo.terr.get(b)!.area - geo.terr.get(a)!.area)[0]!;
  const c = await colourOf(europe, png, big);
  assert.ok(near(c.colour, NEUTRAL_FILL), `${big} shows ${c.colour}`);
  const [r, gr, b] = rgb(c.colour);
  assert.ok(Math.max(r, gr, b) - Math.min(r, gr, b) <= 4, `${c.colour} is grey`);
  // Mid-game too: a territory each side took shows its colour.
  const m = helperGame(europe, 7, 20);
  const mid = await renderDuelMapPng(europe, duelPicture(g, m, SIDE_COLOR));
  for (const side of ['A', 'B'] as const) {
    const own = g.land.filter((t) => m.owner[t] === side && t !== m.capitals[side] && !m.lastEvents.some((e) => e.type === 'capture' && e.territory === t))
      .sort((a, b) => geo.terr.get(b)!.area - geo.terr.get(a)!.area)[0]!;
    assert.ok(near((await colourOf(europe, mid, own)).colour, SIDE_COLOR[side]), `${side}'s ${own}`);
  }
});

test('D10.3: the picture marks ★ on both capitals and nowhere else, shows the title, the scores and the legend rows, and no arsenal depots', () => {
  const g = duelGraph(europe);
  const s = helperGame(europe, 7, 6);
  const svg = renderMapSvg(europe, duelPaintState(europe, g, duelPicture(g, s, SIDE_COLOR), 'zh'));
  // Markers are merged into one path per kind (ink.ts): one closed star outline per capital label.
  const stars = /<path class="star" d="([^"]*)"\/>/.exec(svg.slice(0, svg.indexOf('<g transform="translate(')));
  assert.equal((stars?.[1]!.match(/Z/g) ?? []).length, 2, 'two ★ on the map');
  assert.match(svg, /欧陆对决 · 第 6\/150 回合/);
  assert.match(svg, /红方 · \d+分/);
  assert.match(svg, /蓝方 · \d+分/);
  assert.doesNotMatch(svg, />库</, 'arsenals are not part of a duel');
  assert.doesNotMatch(svg, /放大区域可见/, 'the duel has no region zoom to point to');
});

/**
 * Every resolution of a whole game through DuelRules, as the platform calls it: each ready pair is two entries, the
 * second resolves the turn; `present` gets that step. Returns the turns whose post carried the map, the end's post.
 */
function playThrough(rules: DuelRules, seed: number, settings: Record<string, unknown> = {}): { mapTurns: number[]; posts: number; last: ReturnType<DuelRules['present']>; ended: ReturnType<DuelRules['ended']>; game: Duel } {
  let game = rules.apply(null, { type: 'start', at: 0, seed, settings } as unknown as Entry).game!;
  const mapTurns: number[] = [];
  let posts = 0;
  let last: ReturnType<DuelRules['present']> = [];
  while (game.s.status === 'running') {
    const steps: StepResult[] = [];
    for (const side of ['A', 'B'] as const) {
      const r = rules.apply(game, { type: 'command', at: game.s.openedAt, side, command: { kind: 'ready' } } as unknown as Entry);
      game = r.game!;
      if (r.step) steps.push(r.step);
    }
    last = rules.present(game, steps, 'zh');
    posts += last.length;
    const turn = steps.flatMap((x) => x.resolved)[0]!;
    if (last.some((p) => p.pictures?.which.includes('map'))) mapTurns.push(turn);
  }
  return { mapTurns, posts, last, ended: rules.ended(game, null, 'zh'), game };
}

test('D10.3: present() posts the map exactly on turns 5, 10 …, on a turn a capital was attacked, and the end has its map; not otherwise', () => {
  const rules = new DuelRules(europe);
  // Seed 7 on Europe, helpers on both sides: 100 turns; capitals (lille, larissa) are attacked on turns 65, 88 and 100,
  // the last taking larissa (A wins on the capital). So the map goes with turns 5, 10, …, 95 (65 among them), 88 (a
  // capital attacked off the 5-turn rhythm), and the end: the 100th resolution's summary carries none, since the
  // platform posts `ended`'s map right after it (one final map, not two).
  const r = playThrough(rules, 7);
  assert.equal(r.game.s.endTurn ?? r.game.s.turn, 100);
  assert.deepEqual(r.game.s.outcome, { winner: ['A'], how: 'capital' });
  const fives = Array.from({ length: 19 }, (_, i) => 5 * (i + 1));
  assert.deepEqual(r.mapTurns, [...fives.filter((t) => t < 88), 88, ...fives.filter((t) => t > 88)]);
  assert.equal(r.posts, 100, 'a summary after every resolution');
  assert.ok(capitalAttacked(r.game.s), 'the last resolution attacked a capital…');
  assert.equal(r.last[0]!.pictures, undefined, '…and its post leaves the map to the end');
  assert.deepEqual(r.ended.pictures, { which: ['map'] }, 'the end posts the final map');
  assert.match(r.ended.text, /胜者：红方（攻占首都）/);
  assert.match(r.ended.text, /第100回合 · 红方\d+分 · 蓝方\d+分/);
  // mapEvery = 7 (presentation only, the same game): 7, 14, …, 98, and 65 and 88 for the capitals.
  const seven = playThrough(rules, 7, { mapEvery: 7 });
  assert.deepEqual(seven.mapTurns, [...Array.from({ length: 14 }, (_, i) => 7 * (i + 1)), 65, 88].sort((a, b) => a - b));
  // A step that resolved nothing (an order, a query) posts nothing.
  const g0 = rules.apply(null, { type: 'start', at: 0, seed: 7 } as unknown as Entry).game!;
  const q = rules.apply(g0, { type: 'command', at: 0, side: 'A', command: { kind: 'ready' } } as unknown as Entry);
  assert.deepEqual(rules.present(q.game!, [q.step!], 'zh'), []);
});

test('D10.3: the start posts the map; 【地图】 is a picture query (classify and apply name the map)', () => {
  const rules = new DuelRules(europe);
  const game = rules.apply(null, { type: 'start', at: 0, seed: 7 } as unknown as Entry).game!;
  const start = rules.started(game, [{ seat: 'A', name: 'Alice' }, { seat: 'B', name: 'Bob' }], 'zh');
  assert.deepEqual(start[0]!.pictures, { which: ['map'] });
  const [e] = rules.parse('【地图】', game, { kind: 'seat', seat: 'A', name: 'Alice' } as never, false, 0, 'zh');
  assert.deepEqual(rules.classify(e!).picture, { which: ['map'] });
  const step = rules.apply(game, e!).step!;
  assert.deepEqual(step.picture, { which: ['map'] });
  assert.equal(step.answer?.text, '地图');
  assert.deepEqual(rules.pictureKinds(), ['map']);
});

test('D10.3: the summary tells captures with their armies, the scores with the turn\'s change, and folds beyond 2,000 characters as "…及其他 N 处"', () => {
  const g = duelGraph(europe);
  const s = helperGame(europe, 7, 36);
  const text = resolutionSummary(europe, g, s, 35, 'zh');
  assert.match(text, /^═ 第35回合结算 ═/);
  assert.match(text, /红方占领 \d+ 处：/);
  assert.match(text, /（夺自蓝方）/);
  assert.match(text, /分数：红方 \d+（[+-]\d+）/);
  assert.ok(text.length <= SUMMARY_LIMIT);
  assert.doesNotMatch(text, /及其他/);
  // A made-up resolution in which A captured every land territory but its capital: far over 2,000 characters.
  const all = g.land.filter((t) => t !== s.capitals.A);
  const huge: DuelState = { ...s, owner: Object.fromEntries(g.land.map((t) => [t, 'A'])), lastEvents: all.map((t) => ({ type: 'capture' as const, territory: t, from: null, to: 'A' as const, armies: 12 })) };
  for (const lang of ['zh', 'en'] as const) {
    const unfolded = resolutionSummary(europe, g, huge, 35, lang, 1e6);
    assert.ok(unfolded.length > SUMMARY_LIMIT, `${unfolded.length} characters unfolded`);
    const folded = resolutionSummary(europe, g, huge, 35, lang);
    assert.ok(folded.length <= SUMMARY_LIMIT, `${folded.length} characters`);
    const m = lang === 'zh' ? /…及其他 (\d+) 处/.exec(folded) : /… and (\d+) more/.exec(folded);
    assert.ok(m, folded.slice(-200));
    const listed = folded.split('\n').find((l) => l.startsWith(lang === 'zh' ? '红方占领' : 'Red captured'))!.split(lang === 'zh' ? '、' : ', ').length - 1;
    assert.equal(listed + Number(m[1]), all.length, 'every capture is either listed or counted in the fold');
    assert.ok(folded.length > SUMMARY_LIMIT - 40, 'the fold keeps as much as fits');
    // 380 in all on Europe (D1.2); A held only its capital (lille, a city: 2) before.
    assert.match(folded, lang === 'zh' ? /分数：红方 380（\+378）/ : /Scores: Red 380 \(\+378\)/);
  }
});

test('D10.3 on the platform: the start\'s map, turn 5\'s map and none before, 【地图】 answered privately, the end\'s map', async () => {
  const calls: { turn: number; opts: DuelMapOpts }[] = [];
  const renderer: DuelRenderer = { async mapPng(_m, p: DuelPicture, opts) { calls.push({ turn: p.turn, opts }); return Buffer.from(`MAP${p.turn}`); } };
  const chat = new FakeChat();
  const store = new Store(':memory:');
  const svc = new GameService({ store, clock: new VirtualClock(T0), chat, games: [duel], renderer, logError: () => undefined });
  await svc.startUp();
  try {
    assert.equal((await svc.createGame('d8', judy, { game: 'duel', settings: { turnSeconds: 3600 } })).ok, true);
    await svc.join('d8', alice, 'A');
    await svc.join('d8', bob, 'B');
    assert.equal((await svc.start('d8', judy)).ok, true);
    await svc.idle();
    const images = () => chat.log.filter((p) => p.kind === 'post' && p.msg.images?.length).map((p) => p.msg.images![0]!.png.toString());
    assert.deepEqual(images(), ['MAP1'], 'the start posts the map');
    const say = (u: { id: string; name: string }, text: string, n: number) => svc.handleMessage({ channelId: 'd8', userId: u.id, userName: u.name, text, messageId: `m-${u.id}-${n}` });
    for (let t = 1; t <= 5; t++) {
      await say(alice, '【准备】', t);
      await say(bob, '【准备】', t);
      await svc.idle();
      assert.match(chat.posts('d8').join('\n'), new RegExp(`第${t}回合结算`));
    }
    // Turns 1–4 resolved without a map (no capital is in reach that early on Europe); turn 5's post has it (drawn at turn 6's opening).
    assert.deepEqual(images(), ['MAP1', 'MAP6']);
    // 【地图】 asked privately (/map and the status message's [地图] send it so): the map to the asker alone.
    chat.clear();
    await svc.handleMessage({ channelId: 'd8', userId: alice.id, userName: alice.name, text: '【地图】', messageId: 'm-map', private: true });
    await svc.idle();
    assert.deepEqual(images(), [], 'a private map is not posted in the channel');
    const priv = chat.privates(alice.id).filter((p) => p.msg.images?.length);
    assert.equal(priv.length, 1);
    assert.equal(priv[0]!.msg.text, '地图');
    assert.equal(priv[0]!.msg.images![0]!.name, 'duel-map-turn6.png');
    // Typed in the thread, it is answered there, as every picture query asked in public is (the platform's rule).
    await say(bob, '【地图】', 98);
    await svc.idle();
    assert.deepEqual(images(), ['MAP6']);
    // A spectator may look too, privately.
    await svc.handleMessage({ channelId: 'd8', userId: sam.id, userName: sam.name, text: '【地图】', messageId: 'm-sam' });
    await svc.idle();
    assert.equal(chat.privates(sam.id).filter((p) => p.msg.images?.length).length, 1);
    chat.clear();
    await say(bob, '【认输】', 100);
    await svc.idle();
    assert.match(chat.posts('d8').join('\n'), /胜者：红方（认输）/);
    assert.deepEqual(images(), ['MAP6'], 'the end posts the final map');
    assert.ok(calls.every((c) => c.opts.lang === 'zh'));
  } finally {
    svc.close();
    store.close();
  }
});
