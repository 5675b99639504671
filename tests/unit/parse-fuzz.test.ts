import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import type { ErrorCode } from '../../src/games/neuwar/engine/index.ts';
import { parseMessage, parseMessageUnsafe } from '../../src/games/neuwar/parse/index.ts';

const tiny = loadMapFile('tests/fixtures/tiny.json');
const isl = loadMapFile('tests/fixtures/islands.json');

/** The codes the parser may return (commands.md §5); everything else belongs to the engine. */
const PARSER_CODES = new Set<ErrorCode>(['UNKNOWN_COMMAND', 'BAD_SYNTAX', 'UNKNOWN_COUNTRY', 'UNKNOWN_TERRITORY', 'MESSAGE_TOO_LONG', 'TOO_MANY_COMMANDS']);

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEEDS = [
  '【宣战】（甲国）向（乙国）宣战', '【求和】（甲国）向（乙国）请求停战，无条件', '【求和】甲国向乙国请求停战，有条件。停战要求：割让乙乡、乙城，赔款20分',
  '【求和】甲国向乙国请求投降', '【结盟】（甲国）向（乙国）请求缔结盟约。——同意。', '【背盟】甲国向乙国解散联盟。', '【协定】甲国向乙国请求互不侵犯协定。',
  '【交易】甲国向乙国提出交易申请，以20分和10军（甲乡→乙乡）交换乙乡。——协商。以乙乡交换20分', '【傀儡】甲国对乙国建立傀儡政权', '【灭国】甲国吞并乙国',
  '【领土要求】甲国向乙国要求乙乡、乙城', '【独立】乙国脱离甲国独立', '【效忠】乙国向甲国效忠', '【退出】', '【调兵】甲都→甲城 20', '【调兵】Acap->Aland12',
  '【撤销】甲都→甲城', '【撤销】全部', '【空运】甲都→中原 一半', '【军事】30', '【工业】', '【科技】空艇 50', '【动员】全国 甲都100 甲城100', '【动员】部分',
  '【完成】', '【取消完成】', '【窥探】', '【地图】', '【分数】', '【状态】', '【命令】', '【帮助】', '【结算】', '【暂停】', '【继续】', '【延时】2分30秒',
  '【撤回】', '【设置】甲都 兵力=50 归属=乙国', '【设置】甲国 分数=-5', '【规则】latePenalty=10 tribute=0.5', '【同意】', '【拒绝】', '【协商】停战要求：割让乙乡，赔款10分',
  '[宣战]Alpha向Beta宣战', '〖結盟〗甲國向乙國請求締結盟約', '【调兵】西田→东乡5', '今天天气不错',
];
const JUNK = [
  '\u0000', '\u0007', '\u001b[31m', '\r\n', '\t', '\u200b', '\ufeff', '\u202e', '😀', '🇨🇳', '👨‍👩‍👧', '\ud800', '\udfff', '<script>alert(1)</script>', '&amp;', '"; DROP TABLE x;--',
  "' OR 1=1 --", '【', '】', '[', ']', '〖', '〗', '【【', '】】', '（', '）', '(', ')', '→', '->', '——', '--', '—', '、', '，', ',', '。', '.', '：', ':', '；', ';', '和',
  '向', '宣战', '请求', '停战', '以', '交换', '割让', '赔款', '分', '军', '全部', '一半', '=', '兵力', '归属', '中立', '0', '9', '99999999999999999999', '-1', '١٢٣',
  '甲', '乙', '甲乡', 'Aland', ' ', '\u3000', 'Ａ', '１', 'ǅ', 'İ', 'ß', '\\', '/', '%s', '${x}', '{{x}}', '*'.repeat(50), '𠀀', '蛇', '【调兵】', '[完成]',
];

function mutate(rnd: () => number, s: string): string {
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
  const n = 1 + Math.floor(rnd() * 4);
  for (let k = 0; k < n; k++) {
    const i = Math.floor(rnd() * (s.length + 1));
    switch (Math.floor(rnd() * 8)) {
      case 0: s = s.slice(0, i) + pick(JUNK) + s.slice(i); break;
      case 1: s = s.slice(0, i) + s.slice(i + 1 + Math.floor(rnd() * 3)); break;
      case 2: s = s + pick(['\n', '；', ';', '']) + pick(SEEDS); break;
      case 3: s = s.slice(0, i); break;
      case 4: { const j = Math.floor(rnd() * s.length); s = s.slice(0, i) + s.slice(j, j + 5) + s.slice(i); break; }
      case 5: s = s.slice(0, i) + String(Math.floor(rnd() * 1000)) + s.slice(i); break;
      case 6: s = s.split('').map((c) => (rnd() < 0.1 ? pick(JUNK) : c)).join(''); break;
      default: s = pick(SEEDS).slice(0, Math.floor(rnd() * 10)) + s; break;
    }
  }
  return s;
}

function check(text: string, map = tiny) {
  let r;
  try {
    r = parseMessageUnsafe(text, map, { lang: text.length % 2 ? 'en' : 'zh' });
  } catch (e) {
    assert.fail(`threw on ${JSON.stringify(text.slice(0, 200))}: ${(e as Error).stack}`);
  }
  assert.ok(Array.isArray(r));
  for (const p of r) {
    assert.equal(typeof p.text, 'string');
    if (!p.ok) {
      assert.ok(PARSER_CODES.has(p.code), `unexpected code ${p.code}`);
      assert.ok(p.message.length > 0);
    } else {
      assert.equal(typeof p.command.kind, 'string');
    }
  }
  return r;
}

test('fuzz: random mutations of valid commands never throw and give only known codes', () => {
  const rnd = mulberry32(20240607);
  for (const s of SEEDS) check(s);
  for (let i = 0; i < 6000; i++) check(mutate(rnd, SEEDS[Math.floor(rnd() * SEEDS.length)]!), i % 5 ? tiny : isl);
});

test('fuzz: huge, nested and hostile inputs', () => {
  const cases = [
    '【'.repeat(3999), '['.repeat(4000), '【宣战】' + '向'.repeat(3990), '【宣战】甲国向' + '宣'.repeat(3990), '【调兵】' + '→'.repeat(3990),
    '【交易】甲国向乙国以' + '、'.repeat(3980) + '交换', '【交易】甲国向乙国以' + '1军'.repeat(1900), '【动员】全国 ' + '甲都1 '.repeat(600),
    '【设置】甲都 ' + '兵力='.repeat(1300), '【规则】' + 'a=1 '.repeat(900), '【宣战】'.repeat(570), '【调兵】甲都→甲城 ' + '9'.repeat(3000),
    '【' + '宣'.repeat(15) + '】', '【【【宣战】】】甲国向乙国宣战', '<b>【完成】</b>', '【完成】\u0000\u0000', '😀'.repeat(1999), '【延时】' + '9'.repeat(3990),
    '【求和】甲国向乙国请求停战，有条件。停战要求：' + '割让'.repeat(1980), '【科技】' + '空艇'.repeat(1990), 'x'.repeat(4001), '【完成】' + ' '.repeat(5000),
  ];
  // Speed on these inputs is measured by `npm run bench` (bench/parser.ts), not asserted in a timed test.
  for (const c of cases) {
    const r = check(c);
    if (c.length > 4000) assert.equal(!r[0]!.ok && r[0]!.code, 'MESSAGE_TOO_LONG');
  }
  // non-string input from JavaScript callers
  assert.deepEqual(parseMessage(undefined as unknown as string, tiny), []);
  assert.deepEqual(parseMessage(42 as unknown as string, tiny), []);
});
