/** Issue 11 item 16: the clock's words — 【状态】, the status message and reminders say times that agree with each other. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { applyEntry, defaultSettings, newGame, type Game, type Lang } from '../../src/games/neuwar/engine/index.ts';
import { entriesFromText, speakerFor } from '../../src/replay/index.ts';
import { reminderText, statusText } from '../../src/games/neuwar/live/texts.ts';

const tiny = loadMapFile('tests/fixtures/tiny.json');
/** 2024-06-01 14:00:15 UTC: a live game's epoch clock (turn 300 s, grace 360 s by default). */
const OPEN = Date.UTC(2024, 5, 1, 14, 0, 15);
const sec = (ms: number) => Math.floor(ms / 1000);

function game(lang: Lang = 'zh'): Game {
  return newGame(tiny, { players: ['A', 'B', 'C'], settings: { ...defaultSettings(), language: lang }, at: OPEN });
}

function say(g: Game, who: string, text: string, at: number): string {
  const [entry] = entriesFromText(tiny, text, speakerFor(tiny, who)!, at, g.state.settings.language);
  const step = applyEntry(g, entry!);
  assert.ok(step.outcome?.ok, `${text} answered ${step.outcome && !step.outcome.ok ? step.outcome.code : ''}`);
  return step.outcome!.message;
}

test('item 16: 【状态】 says the time left at the moment asked and the deadline and hard close as clock times, not the settings', () => {
  const g = game();
  const msg = say(g, '甲国', '【状态】', OPEN + 165_000);
  const deadline = OPEN + 300_000, hard = OPEN + 660_000;
  assert.match(msg, /还剩 2分15秒/);
  assert.ok(msg.includes(`（截止 <t:${sec(deadline)}:T>，宽限至 <t:${sec(hard)}:T>）`), msg);
  assert.doesNotMatch(msg, /截止 300 秒|宽限至 660 秒|你的截止 \d+ 秒/);

  const en = game('en');
  const m2 = say(en, 'Alpha', '【状态】', OPEN + 59_500);
  assert.match(m2, /4 min 1 s left \(deadline <t:\d+:T>, hard close <t:\d+:T>\)/);
});

test('item 16: 【状态】 after the deadline counts the grace still left; while paused it says what is left when the clock resumes', () => {
  const g = game();
  const late = say(g, '甲国', '【状态】', OPEN + 310_000);
  assert.match(late, /已过截止 10秒，宽限还剩 5分50秒/);
  const paused = game();
  say(paused, 'judge', '【暂停】', OPEN + 60_000);
  const p = say(paused, '甲国', '【状态】', OPEN + 3_600_000);
  assert.match(p, /暂停中/);
  assert.match(p, /计时已暂停：恢复后还剩 4分钟/);
  assert.doesNotMatch(p, /<t:/, 'paused: the clock times will move, so none are given');
});

test('item 16: a Spy country hears its own later deadline as a clock time and what is left of it', () => {
  const g = game();
  g.state.countries.A!.techDone.push('spy');
  const msg = say(g, '甲国', '【状态】', OPEN + 200_000);
  assert.ok(msg.includes(`你的截止（间谍）<t:${sec(OPEN + 660_000)}:T>，还剩 7分40秒`), msg);
  const other = say(g, '乙国', '【状态】', OPEN + 200_000);
  assert.doesNotMatch(other, /你的截止/, 'no separate line when the own deadline is the turn\'s');
});

test('item 16: a reminder says its fixed "closes in 1 min" with the deadline as a clock time, never a live relative time that runs past it', () => {
  const g = game();
  const deadline = g.state.clock.deadlineAt;
  for (const lg of ['zh', 'en'] as Lang[]) {
    const text = reminderText(tiny, g.state, 60, lg);
    // <t:…:R> is redrawn live by Discord and the web page ("in 1 minute", later "7 seconds ago") while the
    // words stay "1 minute left": read after the deadline the two contradicted each other.
    assert.doesNotMatch(text, /:R>/, text);
    assert.ok(text.includes(`<t:${sec(deadline)}:T>`), text);
  }
  assert.match(reminderText(tiny, g.state, 60, 'zh'), /还有1分钟截止（截止时间 <t:\d+:T>）/);
});

test('item 16: the status message gives the deadline and hard close to the second', () => {
  const g = game();
  const text = statusText(tiny, g.state, 'zh');
  assert.ok(text.includes(`<t:${sec(OPEN + 300_000)}:T>`) && text.includes(`宽限至 <t:${sec(OPEN + 660_000)}:T>`), text);
});
