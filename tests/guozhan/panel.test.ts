/**
 * The Discord hand panel's buttons follow the open prompt (issue 20): 不出 only where declining is allowed — not in
 * the discard phase (G19: the excess must be discarded) nor for a cost already accepted (骁果's basic card) —, and
 * the pick of generals offers the dealt ones with their kingdoms, then one button per order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handPanel, panelAction, type PanelView } from '../../src/games/guozhan/panel.ts';

const view = (ask: PanelView['ask'], mine: Partial<PanelView['seats'][number]> = {}): PanelView => ({
  me: '甲', status: 'running',
  seats: [{ name: '甲', alive: true, hand: ['S014', 'S084'], generals: null, ...mine }, { name: '乙', alive: true, generals: null }],
  ask, names: { cards: { S014: '♠7【杀】', S084: '♦2【闪】' }, generals: { hs__caocao: '曹操', hs__dianwei: '典韦' } },
});
const ids = (v: PanelView) => (handPanel(v).buttons ?? []).map((b) => b.id);

test('issue 20 panel: the discard phase (optional false) has no 不出; an optional card prompt has it; a 闪 prompt has it', () => {
  assert.ok(!ids(view({ kind: 'ownCards', seats: ['甲'], optional: false })).includes('gz:h:pass'));
  assert.ok(ids(view({ kind: 'ownCards', seats: ['甲'], optional: true })).includes('gz:h:pass'));
  assert.ok(ids(view({ kind: 'respond', seats: ['甲'] })).includes('gz:h:pass'));
  // Not asked: no buttons at all.
  assert.deepEqual(ids(view({ kind: 'respond', seats: ['乙'] })), []);
});

test('issue 20 panel: the pick — two dealt generals chosen give the two orders; an order sends 【选择】主将+副将 by name', () => {
  const v = view({ kind: 'pick', seats: ['甲'] }, { dealt: ['hs__caocao', 'hs__dianwei'], hand: [] });
  const menu = (handPanel(v).selects ?? []).find((x) => x.id === 'gz:h:pick')!;
  assert.deepEqual(menu.options.map((o) => o.label), ['曹操（魏）', '典韦（魏）']);
  const step = panelAction(v, 'gz:h:pick', ['hs__caocao', 'hs__dianwei']);
  assert.ok(step && 'panel' in step);
  assert.deepEqual((step.panel.buttons ?? []).map((b) => b.id), ['gz:h:pair:hs__caocao:hs__dianwei', 'gz:h:pair:hs__dianwei:hs__caocao', 'gz:h:back']);
  assert.deepEqual(panelAction(v, 'gz:h:pair:hs__dianwei:hs__caocao', []), { say: '【选择】典韦+曹操' });
  // One general is not a pair: the menu again.
  const again = panelAction(v, 'gz:h:pick', ['hs__caocao']);
  assert.ok(again && 'panel' in again && (again.panel.selects ?? []).some((x) => x.id === 'gz:h:pick'));
});
