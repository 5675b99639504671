/**
 * The table picture (issue 20; X1 public, X1.1 private): drawn from the public view only, so a hidden general's name
 * never appears in it, whatever the position; what it shows of each seat is the state's (hand count, health,
 * equipment, the acting seat's phase); and it comes out as a PNG of the layout's size.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { simulate } from '../../src/games/guozhan/sim.ts';
import { tablePng, tableSvg, PHASE_ZH } from '../../src/games/guozhan/table.ts';
import { GENERALS } from '../../src/games/guozhan/generals.ts';
import { card } from '../../src/games/guozhan/cards.ts';
import type { State } from '../../src/games/guozhan/types.ts';
import { namesGeneral } from './names.ts';
import { play } from './generals/helpers.ts';

/** Positions along random games: every 25th entry of seeds 1–6 (6 and 9 seats), up to 400 entries each. */
function positions(): State[] {
  const out: State[] = [];
  for (let seed = 1; seed <= 6; seed++) {
    simulate({ players: seed % 2 ? 6 : 9, seed, maxSteps: 400, check: (s, step) => { if (step % 25 === 0 && s.status !== 'picking') out.push(structuredClone(s)); } });
  }
  return out;
}

test('X1.1: the table picture never names a hidden general, nor a hand card by its id (random positions)', () => {
  const all = positions();
  assert.ok(all.length > 40, `enough positions (${all.length})`);
  let hiddenSeen = 0;
  for (const s of all) {
    const svg = tableSvg(s);
    for (const p of s.players) {
      if (!p.generals) continue;
      p.generals.forEach((g, k) => {
        if (p.revealed[k]) return;
        hiddenSeen++;
        // Each general is dealt once, so its name could only come from this hidden one.
        assert.ok(!namesGeneral(svg, g), `hidden ${GENERALS[g]!.zh} of ${p.name} is not drawn`);
      });
      for (const id of p.hand) assert.ok(!svg.includes(`(${id})`), `hand card ${id} of ${p.name} is not drawn`);
    }
  }
  assert.ok(hiddenSeen > 100, 'the positions did hold hidden generals to hide');
});

test('issue 20: each seat\'s box shows its hand count, health and equipment; the acting seat its phase', () => {
  const s = positions().find((x) => x.status === 'running' && x.players.some((p) => p.equip.weapon) && x.players.some((p) => !p.alive))!;
  assert.ok(s, 'a position with a weapon and a dead seat');
  const svg = tableSvg(s);
  const boxes = svg.split('<g transform=').slice(1);
  assert.equal(boxes.length, s.players.length, 'one box a seat, in seat order');
  s.players.forEach((p, i) => {
    const box = boxes[i]!;
    assert.match(box, new RegExp(`${i + 1} ${p.name}<`));
    assert.match(box, new RegExp(`手牌 <tspan class="b">${p.hand.length}</tspan>`));
    if (p.maxHp <= 8) {
      assert.match(box, new RegExp(`体力 ${p.hp}/${p.maxHp}`));
      // One pip a point of maximum health, filled for each point left.
      assert.equal((box.match(/<circle /g) ?? []).length, p.maxHp);
      assert.equal((box.match(/fill="#d63b2f"/g) ?? []).length, Math.max(0, p.hp));
    }
    if (p.equip.weapon) assert.ok(box.includes(card(p.equip.weapon).name), `${p.name}'s weapon`);
    assert.equal(box.includes('阵亡'), !p.alive);
    assert.equal(box.includes('连环'), p.chained);
    const acting = i === s.turn.seat && p.alive;
    assert.equal(box.includes('stroke="#e0a800"'), acting, 'only the acting seat is framed');
    if (acting) assert.ok(box.includes(`▶ ${PHASE_ZH[s.turn.stage]}`));
  });
});

test('issue 20: the table PNG has the layout\'s size (5 seats a row, 244 px a column, 274 px a row)', async () => {
  const s = positions().find((x) => x.players.length === 9)!;
  const meta = await sharp(await tablePng(s)).metadata();
  // 9 seats: 5 columns, 2 rows → width 12 + 5 × 244 = 1232; height 64 + 2 × 274 + 40 = 652.
  assert.deepEqual([meta.width, meta.height, meta.format], [1232, 652, 'png']);
});

test('X1: the face-up piles on a general are drawn — 空城\'s 琴 given to an empty-handed 诸葛亮 (H-SHU-04) shows 琴×2 in his box only', () => {
  // 甲 = 刘备+关羽 uses 杀 on 乙 = 诸葛亮 (revealed), whose only card S092 闪 answers it; 甲's 仁德 then gives S084、S030:
  // 乙 has no hand cards and it is not his turn, so both lie face up on him as 琴.
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=刘备+关羽 乙=诸葛亮+黄月英 丙=孙权+周泰 丁=曹操+许褚', '@revealed 乙=主将',
    '@hand 甲=S084 S030 S086 S014', '@hand 乙=S092', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050',
    '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【闪】S092', '甲: 【技能】仁德 S084、S030→乙', '甲: 【选择】不使用']);
  assert.deepEqual(s.players[1]!.pile, { 琴: ['S084', 'S030'] });
  const boxes = tableSvg(s).split('<g transform=').slice(1);
  assert.deepEqual(boxes.map((b) => b.includes('琴×2')), [false, true, false, false]);
});
