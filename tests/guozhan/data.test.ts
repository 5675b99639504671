/**
 * C0/A1 and H: the engine's card table and general list against the data files copied from the shared data
 * (src/games/guozhan/data/*.tsv), so a typo in either shows here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ALL_CARD_IDS, CARDS } from '../../src/games/guozhan/cards.ts';
import { GENERALS, GENERAL_IDS } from '../../src/games/guozhan/generals.ts';

const TSV_NAME: Record<string, string> = {
  Slash: '杀', ThunderSlash: '雷杀', FireSlash: '火杀', Jink: '闪', Peach: '桃', Analeptic: '酒', Duel: '决斗', Snatch: '顺手牵羊',
  Dismantlement: '过河拆桥', Collateral: '借刀杀人', ExNihilo: '无中生有', Nullification: '无懈可击', HegNullification: '无懈可击·国',
  SavageAssault: '南蛮入侵', ArcheryAttack: '万箭齐发', GodSalvation: '桃园结义', AmazingGrace: '五谷丰登', IronChain: '铁索连环',
  FireAttack: '火攻', AwaitExhausted: '以逸待劳', KnownBoth: '知己知彼', BefriendAttacking: '远交近攻', Indulgence: '乐不思蜀',
  SupplyShortage: '兵粮寸断', Lightning: '闪电', Crossbow: '诸葛连弩', DoubleSword: '雌雄双股剑', SixSwords: '吴六剑', IceSword: '寒冰剑',
  QinggangSword: '青釭剑', Triblade: '三尖两刃刀', Spear: '丈八蛇矛', Axe: '贯石斧', Fan: '朱雀羽扇', KylinBow: '麒麟弓',
  EightDiagram: '八卦阵', RenwangShield: '仁王盾', Vine: '藤甲', SilverLion: '白银狮子', DefensiveHorse: '+1马', OffensiveHorse: '-1马',
};
const SUIT: Record<string, string> = { Spade: '♠', Heart: '♥', Club: '♣', Diamond: '♦' };

test('C0/A1: the 108 cards are the TSV multiset card for card (suit, rank, name), ids S001–S108 ordered ♠♥♣♦ then rank', () => {
  const rows = readFileSync('src/games/guozhan/data/qsgs_heg_std_cards.tsv', 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.equal(rows.length, 108);
  const key = (suit: string, rank: number, name: string) => `${suit}${rank}${name}`;
  const tsv = rows.map(([, cls, suit, num]) => key(SUIT[suit!]!, Number(num), TSV_NAME[cls!]!)).sort();
  const ours = ALL_CARD_IDS.map((id) => { const c = CARDS[id]!; const n = c.slot === 'defHorse' ? '+1马' : c.slot === 'offHorse' ? '-1马' : c.name; return key(c.suit, c.rank, n); }).sort();
  assert.deepEqual(ours, tsv);
  assert.deepEqual(ALL_CARD_IDS, Array.from({ length: 108 }, (_, i) => `S${String(i + 1).padStart(3, '0')}`));
  const order = '♠♥♣♦';
  for (let i = 1; i < 108; i++) {
    const a = CARDS[ALL_CARD_IDS[i - 1]!]!, b = CARDS[ALL_CARD_IDS[i]!]!;
    assert.ok(order.indexOf(a.suit) < order.indexOf(b.suit) || (a.suit === b.suit && a.rank <= b.rank), `${a.id} before ${b.id}`);
  }
  // C0's counts: 54 basic, 34 trick (delayed included), 20 equipment; 27 cards of each suit.
  const types = ALL_CARD_IDS.map((id) => CARDS[id]!.type);
  assert.equal(types.filter((t) => t === 'basic').length, 54);
  assert.equal(types.filter((t) => t === 'trick' || t === 'delayed').length, 34);
  assert.equal(types.filter((t) => t === 'equip').length, 20);
  for (const s of order) assert.equal(ALL_CARD_IDS.filter((id) => CARDS[id]!.suit === s).length, 27);
});

test('H: 60 standard generals with the TSV\'s kingdom, half-fish, sex; companions symmetric (guozhan D22)', () => {
  const rows = readFileSync('src/games/guozhan/data/heg_generals.tsv', 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')).filter((r) => r[0] === 'standard');
  assert.equal(rows.length, 60);
  assert.equal(GENERAL_IDS.length, 60);
  for (const [, id, , kingdom, fish, sex, comps] of rows) {
    const g = GENERALS[id!.trim()]!;
    assert.equal(g.kingdom, kingdom!.trim());
    assert.equal(g.fish, Number(fish));
    assert.equal(g.sex, sex!.trim() === 'Female' ? 'F' : 'M');
    for (const c of (comps ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
      if (!GENERALS[c]) continue;
      assert.ok(g.companions.includes(c) && GENERALS[c]!.companions.includes(g.id), `${g.id} ~ ${c}`);
    }
  }
  // H-SHU-01's line: 刘备 · 关羽, 张飞, 甘夫人 (standard ones); 15 generals per kingdom.
  assert.deepEqual([...GENERALS.hs__liubei!.companions].sort(), ['hs__ganfuren', 'hs__guanyu', 'hs__zhangfei']);
  for (const k of ['wei', 'shu', 'wu', 'qun']) assert.equal(Object.values(GENERALS).filter((g) => g.kingdom === k).length, 15);
  assert.ok(Object.values(GENERALS).every((g) => g.zh && !/[a-z]/.test(g.zh)), 'every general has its Chinese name (H)');
});
