/** The secrecy checks' name test (names.ts): 卧龙诸葛亮 is not 诸葛亮, and 诸葛亮 still is. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { namesGeneral } from './names.ts';

test('X1.1 checks: a text naming 卧龙诸葛亮 does not name 诸葛亮; one naming both, or 诸葛亮 alone, does', () => {
  assert.equal(namesGeneral('乙 明置 卧龙诸葛亮', 'hs__zhugeliang'), false);
  assert.equal(namesGeneral('乙 明置 卧龙诸葛亮', 'hs__wolong'), true);
  assert.equal(namesGeneral('卧龙诸葛亮、诸葛亮', 'hs__zhugeliang'), true);
  assert.equal(namesGeneral('丙：诸葛亮（暗）', 'hs__zhugeliang'), true);
});
