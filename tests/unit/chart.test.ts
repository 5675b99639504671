/** Issue 11 item 18: the score chart's value axis — round ticks from 0, negative only when a score is. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { defaultSettings, newGame, type GameState } from '../../src/games/neuwar/engine/index.ts';
import { niceTicks, scoreChartSvg } from '../../src/games/neuwar/live/chart.ts';
import { FONT_FAMILY } from '../../src/platform/render/fonts.ts';

const tiny = loadMapFile('tests/fixtures/tiny.json');

function withHistory(rows: Record<string, number>[]): GameState {
  const s = newGame(tiny, { players: ['A', 'B', 'C'], settings: defaultSettings(), at: 0 }).state;
  s.scoreHistory = rows.map((scores, i) => ({ turn: i + 1, scores }));
  for (const [c, v] of Object.entries(rows.at(-1)!)) s.countries[c]!.score = v;
  return s;
}

/** The value-axis labels, bottom to top: the right-anchored numbers left of the plot. */
function yLabels(svg: string): number[] {
  return [...svg.matchAll(/<text [^>]*text-anchor="end"[^>]*>(-?\d+)<\/text>/g)].map((m) => Number(m[1]));
}

function isNiceStep(step: number): boolean {
  const mag = 10 ** Math.floor(Math.log10(step));
  return [1, 2, 5].some((k) => Math.abs(step - k * mag) < 1e-9);
}

test('item 18: niceTicks steps by 1, 2 or 5 × 10ⁿ from 0 and covers the range', () => {
  assert.deepEqual(niceTicks(0, 164), [0, 20, 40, 60, 80, 100, 120, 140, 160, 180]);
  assert.deepEqual(niceTicks(0, 10), [0, 2, 4, 6, 8, 10]);
  assert.deepEqual(niceTicks(-12, 47), [-20, -10, 0, 10, 20, 30, 40, 50]);
  assert.deepEqual(niceTicks(0, 0), [0, 1]);
  for (const [lo, hi] of [[0, 7], [0, 33], [0, 999], [-5, 5], [-250, 1800], [0, 12345]] as const) {
    const t = niceTicks(lo, hi);
    const step = t[1]! - t[0]!;
    assert.ok(isNiceStep(step), `step ${step} for ${lo}..${hi}`);
    assert.ok(t.includes(0), `0 is a tick for ${lo}..${hi}`);
    assert.ok(t[0]! <= lo && t.at(-1)! >= hi, `${t.join(',')} covers ${lo}..${hi}`);
    assert.ok(t.length >= 4 && t.length <= 11, `${t.length} ticks for ${lo}..${hi}`);
    t.forEach((v, i) => i && assert.equal(v - t[i - 1]!, step));
  }
});

test('item 18: the chart axis starts at 0 with round steps when every score is positive (no −6, 17, 41…)', () => {
  const s = withHistory([{ A: 44, B: 55, C: 53 }, { A: 45, B: 88, C: 78 }, { A: 41, B: 164, C: 90 }]);
  const labels = yLabels(scoreChartSvg(tiny, s));
  assert.equal(labels[0], 0, `axis starts at 0: ${labels.join(',')}`);
  const step = labels[1]! - labels[0]!;
  assert.ok(isNiceStep(step), `step ${step}`);
  labels.forEach((v, i) => i && assert.equal(v - labels[i - 1]!, step, labels.join(',')));
  assert.ok(labels.at(-1)! >= 164 && labels.at(-1)! < 164 + step);
});

test('item 18: the axis goes below zero only when a score does', () => {
  const s = withHistory([{ A: 20, B: 40, C: 35 }, { A: -13, B: 52, C: 30 }]);
  const labels = yLabels(scoreChartSvg(tiny, s));
  assert.ok(labels[0]! < 0 && labels[0]! <= -13, labels.join(','));
  assert.ok(labels.includes(0), labels.join(','));
});

test('item 18: the chart names the bundled CJK font, so 分数走势 and the country names are not drawn as boxes', () => {
  const svg = scoreChartSvg(tiny, withHistory([{ A: 30, B: 31, C: 32 }]));
  assert.ok(svg.includes(FONT_FAMILY), 'the bundled family is named');
  assert.doesNotMatch(svg, /font-family="sans-serif"/);
});
