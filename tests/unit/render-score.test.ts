/** Issue 11 item 17: the score table's change column, the paid income and columns fitted to their content. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import type { GameState } from '../../src/games/neuwar/engine/index.ts';
import { renderScoreTableSvg, scoreRows } from '../../src/games/neuwar/pictures/index.ts';
import { initialState } from '../../bench/demo.ts';
import { textWidth } from '../../src/platform/render/text.ts';
import { play } from '../helpers/scenario.ts';

const TINY = '@map tests/fixtures/tiny.json\n@players A B C\n';
const tiny = loadMapFile('tests/fixtures/tiny.json');
const europe = loadMapFile('maps/europe.json');

/** The text of every <text> element, in document order (entities decoded). */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
}

test('item 17: the change column counts everything since the opening of the last resolved turn — purchases and trades too, not only the resolution', () => {
  const p = play(`${TINY}
    judge: 【结算】
    甲国: 【军事】10
    丙国: 【交易】丙国向乙国提出交易申请，以（20分）交换（乙乡）。
    乙国: 【同意】
    judge: 【结算】`);
  const s = p.state;
  assert.equal(s.turn, 3);
  const opening = s.scoreHistory.find((h) => h.turn === 1)!.scores;
  const rows = new Map(scoreRows(tiny, s).map((r) => [r.id, r]));
  for (const c of ['A', 'B', 'C']) assert.equal(rows.get(c)!.delta, s.countries[c]!.score - opening[c]!, `${c}: score now − score when turn 2 opened`);
  // A spent 10 on armies during turn 2: the resolution alone (its income) would have shown a rise.
  const resolutionOnly = s.lastEvents.filter((e) => e.type === 'score' && e.country === 'A').reduce((a, e) => a + (e.type === 'score' ? e.delta : 0), 0);
  assert.notEqual(rows.get('A')!.delta, resolutionOnly);
  const t = renderScoreTableSvg(tiny, s);
  assert.ok(texts(t.svg).includes('较第2回合初'), 'the header says what the change is counted from');
  assert.ok(texts(t.svg).some((x) => x.includes('与第2回合开始时相比')), 'and the note says it includes purchases and trades');
  assert.ok(texts(renderScoreTableSvg(tiny, s, { lang: 'en' }).svg).includes('Δ since T2'));
});

test('item 17: before any resolution the change is counted from the start score; a mid-turn purchase shows at once', () => {
  const p = play(`${TINY}
    甲国: 【军事】7`);
  const a = scoreRows(tiny, p.state).find((r) => r.id === 'A')!;
  assert.equal(a.delta, -7);
  assert.ok(texts(renderScoreTableSvg(tiny, p.state).svg).includes('较开局'));
});

test('item 17: a mobilized income shows the amount paid, not "8 ½"', () => {
  const s = initialState(tiny);
  s.countries.A!.industry = 3;
  s.countries.A!.mobilization.halfIncomeLeft = 2;
  const row = scoreRows(tiny, s).find((r) => r.id === 'A')!;
  assert.equal(row.income.net, 3, 'floor((3 + 1 + 3) / 2) is what A is paid');
  const svg = renderScoreTableSvg(tiny, s).svg;
  const cells = texts(svg);
  assert.ok(!cells.some((x) => x.includes('½')), cells.join('|'));
  // The income cell is the paid number, with the reason beside it in small grey words.
  const [income, aside] = texts(svg.slice(svg.indexOf('>甲国<'))).slice(2, 4);
  assert.equal(income, '3');
  assert.equal(aside, '已减半');
  assert.ok(texts(renderScoreTableSvg(tiny, s, { lang: 'en' }).svg).includes('halved'));
});

/** Europe, mid-game, with long diplomacy and tech cells and nobody a puppet. */
function crowded(): GameState {
  const s = initialState(europe);
  const ids = Object.keys(s.countries);
  const [a, b, c, d, e, f] = ids as [string, string, string, string, string, string];
  s.wars = [b, c, d].map((x) => ({ attacker: a, defender: x, declaredTurn: 2, active: true, captured: {} }));
  s.wars.push({ attacker: e, defender: a, declaredTurn: 3, active: false, captured: {} });
  s.alliances = [[a, f], [b, f], [c, f], [d, f], [e, f]];
  s.pacts = ids.filter((x) => x !== a && x !== f).map((x) => ({ between: [f, x] as [string, string], untilTurn: 9 }));
  s.countries[a]!.tech = { airship: 35, spy: 20, comms: 120 };
  s.countries[f]!.techDone = ['spy', 'airship'];
  s.countries[f]!.tech.comms = 150;
  s.turn = 6;
  return s;
}

test('item 17: columns fit their content — no cell is cut with "…" and an empty column shrinks to its header', () => {
  const s = crowded();
  const t = renderScoreTableSvg(europe, s);
  const all = texts(t.svg);
  assert.ok(!all.some((x) => x.includes('…')), `cut: ${all.filter((x) => x.includes('…')).join(' | ')}`);
  const allText = all.join(' ');
  for (const need of ['空艇35/100', '间谍20/50', '通讯120/200', '通讯150/200']) assert.ok(allText.includes(need), need);
  const f = Object.keys(s.countries)[5]!;
  const fRow = t.rows.find((r) => r.id === f)!;
  const names = [...fRow.allies, ...fRow.pacts].map((x) => europe.country.get(x)!.name.zh);
  for (const n of names) assert.ok(allText.split(n).length - 1 >= 1, n);
  // Nobody is a puppet or mobilized: those columns are only as wide as their headers.
  const head = (i: number, label: string) => assert.ok(t.columns[i]!.width <= textWidth(label, 13, true) + 24, `${label}: ${t.columns[i]!.width}`);
  head(9, '宗主 / 傀儡');
  head(10, '动员');
  for (let i = 1; i < t.columns.length; i++) assert.ok(t.columns[i]!.x >= t.columns[i - 1]!.x + t.columns[i - 1]!.width - 0.01, 'columns do not overlap');
});

test('item 17: a table held to a narrow width wraps the long cells onto more lines instead of cutting them', () => {
  const s = crowded();
  const wide = renderScoreTableSvg(europe, s);
  const narrow = renderScoreTableSvg(europe, s, { width: 1000 });
  assert.equal(narrow.width, 1000);
  assert.ok(narrow.height > wide.height, 'rows grew to hold the wrapped lines');
  assert.ok(!texts(narrow.svg).some((x) => x.includes('…')));
  const words = (svg: string) => texts(svg).join(' ').split(/\s+/).filter(Boolean).sort();
  assert.deepEqual(words(narrow.svg).filter((w) => /^(攻|守|盟|约):|\d+\/\d+$/.test(w)), words(wide.svg).filter((w) => /^(攻|守|盟|约):|\d+\/\d+$/.test(w)));
});
