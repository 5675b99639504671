/** The local page's pure helpers (src/platform/adapters/local/static/format.js), as the page uses them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { splitIcons, needSeconds, clockText, foldAnswer, tooLongText, ICONS, REFUSED_SHOWN } from '../../src/platform/adapters/local/static/format.js';

test('item 24: every emoji the bot writes has an icon file, and the emoji stays the alt text', () => {
  const files = new Set(readdirSync('src/platform/adapters/local/static/icons').map((f) => f.replace(/\.svg$/, '')));
  for (const name of Object.values(ICONS)) assert.ok(files.has(name), `icons/${name}.svg`);
  assert.deepEqual(splitIcons('🆕 甲方创建了新游戏'), [{ icon: 'new', alt: '🆕' }, ' 甲方创建了新游戏']);
  assert.deepEqual(splitIcons('⚖️ 裁判：⚠️注意'), [{ icon: 'scales', alt: '⚖️' }, ' 裁判：', { icon: 'warning', alt: '⚠️' }, '注意']);
  assert.deepEqual(splitIcons('没有图标'), ['没有图标']);
});

test('item 16: a deadline and a grace under a minute later both show seconds; an hour apart, neither', () => {
  const deadline = Date.UTC(2024, 0, 1, 6, 2, 0);
  assert.deepEqual([...needSeconds([deadline, deadline + 30_000])].sort(), [deadline, deadline + 30_000]);
  assert.equal(needSeconds([deadline, deadline + 3_600_000]).size, 0);
  // 14:02:50 and 14:03:10: different minutes, but twenty seconds apart.
  assert.equal(needSeconds([deadline + 50_000, deadline + 70_000]).size, 2);
  assert.match(clockText(deadline + 30_000, true), /^\d\d:\d\d:\d\d$/);
  assert.match(clockText(deadline, false), /^\d\d:\d\d$/);
});

test('item 15: a folded answer says how many were accepted and refused and keeps the refused lines', () => {
  const text = ['已收到调兵：甲都→甲乡 1', '✗ 甲都与乙都不相邻', '已收到调兵：甲都→甲乡 1', '✗ 没有叫"无此地"的领土'].join('\n');
  assert.deepEqual(foldAnswer(text, { accepted: 2, refused: 2 }), { head: '已接受 2 条，拒绝 2 条', refused: ['✗ 甲都与乙都不相邻', '✗ 没有叫"无此地"的领土'], more: 0 });
  // 286 refusals would make the fold as long as the answer: the first few, and how many more.
  const many = foldAnswer(Array.from({ length: 286 }, (_, i) => `✗ 第${i}条不行`).join('\n'), { accepted: 0, refused: 286 });
  assert.equal(many.refused.length, REFUSED_SHOWN);
  assert.equal(many.more, 286 - REFUSED_SHOWN);
  assert.equal(tooLongText(4500, 4000), '消息太长（4500 字），上限 4000 字：请分成几条发送。');
});
