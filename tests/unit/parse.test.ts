import test from 'node:test';
import assert from 'node:assert/strict';
import { buildMap, loadMapFile } from '../../src/games/europe/map/index.ts';
import type { Command, CommandKind } from '../../src/games/neuwar/engine/index.ts';
import { parseMessage, formatCommand, suggest, lookupCountry, lookupTerritory, type Parsed } from '../../src/games/neuwar/parse/index.ts';

const tiny = loadMapFile('tests/fixtures/tiny.json');
const isl = loadMapFile('tests/fixtures/islands.json');

function one(text: string, map = tiny, lang: 'zh' | 'en' = 'zh'): Parsed {
  const r = parseMessage(text, map, { lang });
  assert.equal(r.length, 1, `one result for ${text}: ${JSON.stringify(r)}`);
  return r[0]!;
}
function cmd(text: string, map = tiny): Command {
  const r = one(text, map);
  assert.ok(r.ok, `${text} parses: ${JSON.stringify(r)}`);
  return r.command;
}
function err(text: string, code: string, map = tiny, lang: 'zh' | 'en' = 'zh'): string {
  const r = one(text, map, lang);
  assert.ok(!r.ok, `${text} is refused`);
  assert.equal(r.code, code, `${text}: ${r.message}`);
  return r.message;
}

const T = (id: string) => ({ kind: 'territory' as const, id });
const P = (n: number) => ({ kind: 'points' as const, n });

test('diplomacy: the seed forms exactly as written (commands.md §1, R4–R6)', () => {
  assert.deepEqual(cmd('【宣战】（甲国）向（乙国）宣战'), { kind: 'declareWar', from: 'A', to: 'B' });
  assert.deepEqual(cmd('【求和】（甲国）向（乙国）请求停战，无条件'), { kind: 'ceasefire', from: 'A', to: 'B', unconditional: true, terms: [] });
  assert.deepEqual(cmd('【求和】（甲国）向（乙国）请求停战，有条件。停战要求：割让乙乡、乙城，赔款20分'),
    { kind: 'ceasefire', from: 'A', to: 'B', unconditional: false, terms: [T('b_land'), T('b_city'), P(20)] });
  assert.deepEqual(cmd('【求和】（甲国）向（乙国）请求投降'), { kind: 'surrender', from: 'A', to: 'B' });
  assert.deepEqual(cmd('【结盟】（甲国）向（乙国）请求缔结盟约。'), { kind: 'alliance', from: 'A', to: 'B' });
  assert.deepEqual(cmd('【背盟】（甲国）向（乙国）解散联盟。'), { kind: 'breakAlliance', from: 'A', to: 'B' });
  assert.deepEqual(cmd('【协定】（甲国）向（乙国）请求互不侵犯协定。'), { kind: 'pact', from: 'A', to: 'B' });
  assert.deepEqual(cmd('【交易】（甲国）向（乙国）提出交易申请，以（20分）交换（乙乡）。'),
    { kind: 'trade', from: 'A', to: 'B', give: [P(20)], get: [T('b_land')] });
  assert.deepEqual(cmd('【效忠】（乙国）向（甲国）效忠'), { kind: 'pledge', from: 'B', to: 'A' });
});

test('goods and terms: 、 ， , 和 separators, 割让, 赔款N分, arms N军（X→Y）', () => {
  assert.deepEqual(cmd('【交易】甲国向乙国提出交易申请，以20分和甲乡,甲城交换乙乡、30军（乙乡→甲乡）'), {
    kind: 'trade', from: 'A', to: 'B', give: [P(20), T('a_land'), T('a_city')],
    get: [T('b_land'), { kind: 'arms', n: 30, from: 'b_land', to: 'a_land' }],
  });
  assert.deepEqual(cmd('【求和】甲国向乙国请求停战，有条件。停战要求：割让乙城，割让乙乡，赔款 15 分'),
    { kind: 'ceasefire', from: 'A', to: 'B', unconditional: false, terms: [T('b_city'), T('b_land'), P(15)] });
});

test('answers: full form ——同意/——拒绝/——协商 and the short forms', () => {
  const alliance = { kind: 'alliance', from: 'A', to: 'B' } as const;
  assert.deepEqual(cmd('【结盟】（甲国）向（乙国）请求缔结盟约。——同意。'), { kind: 'answer', answer: 'accept', request: alliance });
  assert.deepEqual(cmd('【结盟】（甲国）向（乙国）请求缔结盟约。——拒绝。'), { kind: 'answer', answer: 'reject', request: alliance });
  assert.deepEqual(cmd('【结盟】甲国向乙国请求缔结盟约。--同意'), { kind: 'answer', answer: 'accept', request: alliance });
  assert.deepEqual(cmd('【结盟】甲国向乙国请求缔结盟约。—同意'), { kind: 'answer', answer: 'accept', request: alliance });
  const trade = { kind: 'trade', from: 'A', to: 'B', give: [P(20)], get: [T('b_land')] } as const;
  assert.deepEqual(cmd('【交易】甲国向乙国提出交易申请，以20分交换乙乡。——协商。以乙乡交换30分'),
    { kind: 'answer', answer: 'counter', request: trade, give: [T('b_land')], get: [P(30)] });
  assert.deepEqual(cmd('【求和】甲国向乙国请求投降——协商。停战要求：割让甲乡，赔款10分'),
    { kind: 'answer', answer: 'counter', request: { kind: 'surrender', from: 'A', to: 'B' }, terms: [T('a_land'), P(10)] });
  assert.deepEqual(cmd('【同意】'), { kind: 'answer', answer: 'accept' });
  assert.deepEqual(cmd('【拒绝】。'), { kind: 'answer', answer: 'reject' });
  assert.deepEqual(cmd('【协商】以乙乡交换20分'), { kind: 'answer', answer: 'counter', give: [T('b_land')], get: [P(20)] });
  assert.deepEqual(cmd('【协商】停战要求：割让乙乡，赔款10分'), { kind: 'answer', answer: 'counter', terms: [T('b_land'), P(10)] });
  assert.deepEqual(cmd('【协商】乙乡、10分'), { kind: 'answer', answer: 'counter', terms: [T('b_land'), P(10)] });
  // a counter-offer to a trade must be a trade form; an alliance has nothing to negotiate; 宣战 is not answered
  assert.match(err('【交易】甲国向乙国提出交易申请，以20分交换乙乡。——协商。割让乙乡', 'BAD_SYNTAX'), /以.*交换/);
  assert.match(err('【结盟】甲国向乙国请求缔结盟约。——协商。10分', 'BAD_SYNTAX'), /同意或拒绝/);
  assert.match(err('【宣战】甲国向乙国宣战——同意', 'BAD_SYNTAX'), /不需要对方答复/);
  assert.match(err('【协商】', 'BAD_SYNTAX'), /格式：【协商】以/);
  assert.match(err('【同意】你好', 'BAD_SYNTAX'), /格式：【同意】/);
});

test('capital fall, demands, independence, leave (R5.5, R6.4, R12)', () => {
  assert.deepEqual(cmd('【傀儡】（甲国）对（乙国）建立傀儡政权'), { kind: 'puppet', from: 'A', to: 'B' });
  assert.deepEqual(cmd('【灭国】（甲国）吞并（乙国）'), { kind: 'annex', from: 'A', to: 'B' });
  assert.deepEqual(cmd('【领土要求】（甲国）向（乙国）要求乙乡、乙城'), { kind: 'demand', from: 'A', to: 'B', territories: ['b_land', 'b_city'] });
  assert.deepEqual(cmd('【独立】（乙国）脱离（甲国）独立'), { kind: 'independence', from: 'B', to: 'A' });
  assert.deepEqual(cmd('【退出】'), { kind: 'leave' });
  assert.deepEqual(cmd('【退出】乙国'), { kind: 'leave', country: 'B' });
  assert.match(err('【领土要求】甲国向乙国要求20分', 'BAD_SYNTAX'), /只能要领土/);
});

test('orders: move, cancel, airlift with every count form (R10.1, R8.3)', () => {
  const mv = (count: unknown) => ({ kind: 'move', from: 'a_cap', to: 'a_city', count });
  assert.deepEqual(cmd('【调兵】甲都→甲城 20'), mv({ kind: 'n', n: 20 }));
  assert.deepEqual(cmd('【调兵】甲都->甲城 20'), mv({ kind: 'n', n: 20 }));
  assert.deepEqual(cmd('【调兵】甲都 → 甲城 20'), mv({ kind: 'n', n: 20 }));
  assert.deepEqual(cmd('【调兵】甲都→甲城20'), mv({ kind: 'n', n: 20 }));
  assert.deepEqual(cmd('【调兵】甲都→甲城'), mv({ kind: 'all' }));
  assert.deepEqual(cmd('【调兵】甲都→甲城 全部'), mv({ kind: 'all' }));
  assert.deepEqual(cmd('【调兵】甲都→甲城 一半'), mv({ kind: 'half' }));
  assert.deepEqual(cmd('【调兵】甲都=>甲城 ２０'), mv({ kind: 'n', n: 20 }));
  assert.deepEqual(cmd('【撤销】甲都→甲城'), { kind: 'cancel', from: 'a_cap', to: 'a_city' });
  assert.deepEqual(cmd('【撤销】全部'), { kind: 'cancel' });
  assert.deepEqual(cmd('【空运】甲都→乙乡 20'), { kind: 'airlift', from: 'a_cap', to: 'b_land', count: { kind: 'n', n: 20 } });
  assert.match(err('【调兵】甲都 甲城 20', 'BAD_SYNTAX'), /格式：【调兵】甲都→甲城 20/);
  assert.match(err('【调兵】甲都→甲城 0', 'BAD_SYNTAX'), /至少是1/);
  assert.match(err('【调兵】甲都→甲城 很多', 'BAD_SYNTAX'), /数量'很多'/);
  assert.match(err('【撤销】甲都→甲城 5', 'BAD_SYNTAX'), /撤销不写数量/);
  assert.match(err('【撤销】', 'BAD_SYNTAX'), /【撤销】全部/);
});

test('longest-first name matching: a count glued to a name, names that are prefixes of others', () => {
  const land = (n: number) => ({ kind: 'move', from: 'a_cap', to: 'a_land', count: { kind: 'n', n } });
  assert.deepEqual(cmd('【调兵】甲都→甲乡20'), land(20));
  assert.deepEqual(cmd('【调兵】Acap→Aland12'), land(12));
  assert.deepEqual(cmd('【调兵】Acap→Aland 12'), land(12));
  assert.deepEqual(cmd('【调兵】Acap→Aland1 2'), land(12));
  assert.deepEqual(cmd('【调兵】ACAP→aland 12'), land(12));
  // 甲 is country A's alias and a prefix of 甲乡: the territory slot takes the longer name
  assert.deepEqual(cmd('【宣战】甲向乙宣战'), { kind: 'declareWar', from: 'A', to: 'B' });
  // a name with a space inside (Lone Isle) and an alias (西田 = w_land, 内 = inner)
  assert.deepEqual(cmd('【调兵】Outer Sea→Lone Isle 3', isl), { kind: 'move', from: 'outer', to: 'isle', count: { kind: 'n', n: 3 } });
  assert.deepEqual(cmd('【调兵】西田→东乡5', isl), { kind: 'move', from: 'w_land', to: 'e_land', count: { kind: 'n', n: 5 } });
  assert.deepEqual(cmd('【调兵】西港→内 8', isl), { kind: 'move', from: 'w_port', to: 'inner', count: { kind: 'n', n: 8 } });
});

test('development and mobilization (R8, R9)', () => {
  assert.deepEqual(cmd('【军事】30'), { kind: 'buy', n: 30 });
  assert.deepEqual(cmd('【军事】乙国 30'), { kind: 'buy', n: 30, country: 'B' });
  assert.deepEqual(cmd('【工业】'), { kind: 'industry' });
  assert.deepEqual(cmd('【科技】空艇 50'), { kind: 'tech', tech: 'airship', n: 50 });
  assert.deepEqual(cmd('【科技】间谍50'), { kind: 'tech', tech: 'spy', n: 50 });
  assert.deepEqual(cmd('【科技】通讯 200'), { kind: 'tech', tech: 'comms', n: 200 });
  assert.deepEqual(cmd('【科技】Airship 10'), { kind: 'tech', tech: 'airship', n: 10 });
  assert.deepEqual(cmd('【科技】spy 5'), { kind: 'tech', tech: 'spy', n: 5 });
  assert.deepEqual(cmd('【科技】comms 7'), { kind: 'tech', tech: 'comms', n: 7 });
  assert.deepEqual(cmd('【动员】部分'), { kind: 'mobilize', type: 'partial', placement: [] });
  assert.deepEqual(cmd('【动员】全国 甲都100 甲城100'), { kind: 'mobilize', type: 'national', placement: [{ territory: 'a_cap', n: 100 }, { territory: 'a_city', n: 100 }] });
  assert.deepEqual(cmd('【动员】部分 甲都60，甲乡 40'), { kind: 'mobilize', type: 'partial', placement: [{ territory: 'a_cap', n: 60 }, { territory: 'a_land', n: 40 }] });
  const m = err('【动员】全国 甲都100 甲城50', 'BAD_SYNTAX');
  assert.match(m, /200/);
  assert.match(m, /150/);
  assert.match(err('【动员】部分 甲都60', 'BAD_SYNTAX'), /正好是100，现在是60/);
  // house rules change the sums (R9 settings)
  const r = parseMessage('【动员】部分 甲都60', tiny, { settings: { partialArmies: 60 } });
  assert.deepEqual(r[0], { ok: true, text: '【动员】部分 甲都60', command: { kind: 'mobilize', type: 'partial', placement: [{ territory: 'a_cap', n: 60 }] } });
  assert.match(err('【科技】魔法 50', 'BAD_SYNTAX'), /空艇、间谍、通讯/);
  assert.match(err('【军事】很多', 'BAD_SYNTAX'), /格式：【军事】30/);
});

test('turn and queries: commit, uncommit, spy, map, scores, status, orders, help', () => {
  assert.deepEqual(cmd('【完成】'), { kind: 'commit' });
  assert.deepEqual(cmd('【完成】乙国'), { kind: 'commit', country: 'B' });
  assert.deepEqual(cmd('【取消完成】'), { kind: 'uncommit' });
  assert.deepEqual(cmd('【窥探】'), { kind: 'spy' });
  assert.deepEqual(cmd('【地图】'), { kind: 'query', what: 'map' });
  assert.deepEqual(cmd('【地图】南方', isl), { kind: 'query', what: 'map', region: 'south' });
  assert.deepEqual(cmd('【地图】south', isl), { kind: 'query', what: 'map', region: 'south' });
  assert.deepEqual(cmd('【分数】'), { kind: 'query', what: 'scores' });
  assert.deepEqual(cmd('【状态】'), { kind: 'query', what: 'status' });
  assert.deepEqual(cmd('【命令】'), { kind: 'query', what: 'orders' });
  assert.deepEqual(cmd('【帮助】'), { kind: 'query', what: 'help' });
  assert.match(err('【地图】北方', 'BAD_SYNTAX', isl), /可用：南方/);
  assert.match(err('【完成】了吗', 'BAD_SYNTAX'), /格式：【完成】/);
});

test('judge commands (R13)', () => {
  assert.deepEqual(cmd('【结算】'), { kind: 'resolve' });
  assert.deepEqual(cmd('【暂停】'), { kind: 'pause' });
  assert.deepEqual(cmd('【继续】'), { kind: 'resume' });
  assert.deepEqual(cmd('【撤回】'), { kind: 'undo' });
  assert.deepEqual(cmd('【延时】5分钟'), { kind: 'extend', seconds: 300 });
  assert.deepEqual(cmd('【延时】90秒'), { kind: 'extend', seconds: 90 });
  assert.deepEqual(cmd('【延时】2分30秒'), { kind: 'extend', seconds: 150 });
  assert.deepEqual(cmd('【延时】3'), { kind: 'extend', seconds: 180 });
  assert.match(err('【延时】一会儿', 'BAD_SYNTAX'), /格式：【延时】5分钟/);
  assert.deepEqual(cmd('【设置】甲都 兵力=50'), { kind: 'set', target: 'a_cap', field: 'armies', value: 50 });
  assert.deepEqual(cmd('【设置】甲都 归属=乙国'), { kind: 'set', target: 'a_cap', field: 'owner', value: 'B' });
  assert.deepEqual(cmd('【设置】甲都 归属=中立'), { kind: 'set', target: 'a_cap', field: 'owner', value: null });
  assert.deepEqual(cmd('【设置】甲国 分数=100'), { kind: 'set', target: 'A', field: 'score', value: 100 });
  assert.deepEqual(cmd('【设置】甲国 分数=-5'), { kind: 'set', target: 'A', field: 'score', value: -5 });
  assert.deepEqual(cmd('【设置】Acap armies=7'), { kind: 'set', target: 'a_cap', field: 'armies', value: 7 });
  assert.deepEqual(cmd('【设置】Acap OWNER=Beta'), { kind: 'set', target: 'a_cap', field: 'owner', value: 'B' });
  assert.deepEqual(cmd('【设置】Alpha score=3'), { kind: 'set', target: 'A', field: 'score', value: 3 });
  assert.deepEqual(cmd('【设置】甲都兵力＝50'), { kind: 'set', target: 'a_cap', field: 'armies', value: 50 });
  assert.match(err('【设置】甲都 兵力=很多', 'BAD_SYNTAX'), /兵力要写0或正整数/);
  assert.match(err('【设置】甲国 兵力=5', 'UNKNOWN_TERRITORY'), /'甲国'是国家/);
  assert.deepEqual(cmd('【规则】latePenalty=10'), { kind: 'rule', key: 'latePenalty', value: '10' });
  const rules = parseMessage('【规则】latePenalty = 10, tribute=0.5', tiny);
  assert.deepEqual(rules.map((r) => r.ok && r.command), [{ kind: 'rule', key: 'latePenalty', value: '10' }, { kind: 'rule', key: 'tribute', value: '0.5' }]);
  assert.match(err('【规则】迟到罚分', 'BAD_SYNTAX'), /名称=值/);
});

test('leniency: punctuation widths, optional parentheses and spaces, case-insensitive names by zh/en/id/alias', () => {
  const war = { kind: 'declareWar', from: 'A', to: 'B' };
  for (const t of ['【宣战】甲国向乙国宣战', '【宣战】(甲国)向(乙国)宣战', '【宣战】 甲国 向 乙国 宣战 。', '【宣战】Alpha向Beta宣战',
    '【宣战】alpha 向 BETA 宣战', '【宣战】A向B宣战', '【宣战】甲向乙宣战', '【宣战】“甲国”向“乙国”宣战', '【宣战】甲国向乙国']) {
    assert.deepEqual(cmd(t), war, t);
  }
  const peace = { kind: 'ceasefire', from: 'A', to: 'B', unconditional: false, terms: [T('b_land'), P(20)] };
  assert.deepEqual(cmd('【求和】(甲国)向(乙国)请求停战,有条件.停战要求:割让乙乡,赔款20分'), peace);
  assert.deepEqual(cmd('【求和】（甲国）向（乙国）请求停战，有条件。停战要求：割让乙乡，赔款２０分'), peace);
  assert.deepEqual(cmd('【结盟】甲国向乙国请求缔结盟约.--同意.'), { kind: 'answer', answer: 'accept', request: { kind: 'alliance', from: 'A', to: 'B' } });
  assert.deepEqual(cmd('【调兵】西港\u3000→\u3000内\u30001', isl), { kind: 'move', from: 'w_port', to: 'inner', count: { kind: 'n', n: 1 } });
  assert.deepEqual(cmd('【宣战】wl向el宣战', isl), { kind: 'declareWar', from: 'W', to: 'E' });
});

test('bracket variants: [宣战] 〖宣战〗 and mixes count only for a known command name', () => {
  const war = { kind: 'declareWar', from: 'A', to: 'B' };
  for (const t of ['[宣战]甲国向乙国宣战', '〖宣战〗甲国向乙国宣战', '【宣战]甲国向乙国宣战', '[宣战】甲国向乙国宣战', '［宣战］甲国向乙国宣战', '【 宣战 】甲国向乙国宣战']) {
    assert.deepEqual(cmd(t), war, t);
  }
  assert.deepEqual(parseMessage('[笑] 今天天气不错', tiny), []);
  assert.deepEqual(parseMessage('〖公告〗大家好', tiny), []);
  assert.deepEqual(parseMessage('see [the docs](http://x) ok', tiny), []);
  assert.deepEqual(parseMessage('今天打谁？', tiny), []);
  const m = err('【调军】甲都→甲城 5', 'UNKNOWN_COMMAND');
  assert.match(m, /你是不是指【调兵】/);
  assert.match(err('【公告】大家好', 'UNKNOWN_COMMAND'), /可用的指令：【宣战】/);
  // a bracketed name inside a command is a name, not a command
  assert.deepEqual(cmd('【宣战】【甲国】向【乙国】宣战'), war);
});

test('Traditional Chinese is read as Simplified', () => {
  assert.deepEqual(cmd('【宣戰】甲國向乙國宣戰'), { kind: 'declareWar', from: 'A', to: 'B' });
  assert.deepEqual(cmd('【結盟】甲國向乙國請求締結盟約。'), { kind: 'alliance', from: 'A', to: 'B' });
  assert.deepEqual(cmd('【調兵】甲都→甲鄉 20'), { kind: 'move', from: 'a_cap', to: 'a_land', count: { kind: 'n', n: 20 } });
  assert.deepEqual(cmd('【求和】甲國向乙國請求停戰，有條件。停戰要求：割讓乙鄉，賠款20分'),
    { kind: 'ceasefire', from: 'A', to: 'B', unconditional: false, terms: [T('b_land'), P(20)] });
  assert.deepEqual(cmd('[動員]全國 甲都100 甲城100'), { kind: 'mobilize', type: 'national', placement: [{ territory: 'a_cap', n: 100 }, { territory: 'a_city', n: 100 }] });
  assert.deepEqual(cmd('【設置】甲都 歸屬=乙國'), { kind: 'set', target: 'a_cap', field: 'owner', value: 'B' });
});

test('a map whose names are themselves Traditional still matches, typed either way', () => {
  const raw = JSON.parse(JSON.stringify(tiny.file));
  raw.territories.find((t: { id: string }) => t.id === 'mid').name.zh = '臺灣';
  const trad = buildMap(raw);
  assert.deepEqual(cmd('【调兵】甲乡→臺灣 3', trad), { kind: 'move', from: 'a_land', to: 'mid', count: { kind: 'n', n: 3 } });
  assert.deepEqual(cmd('【调兵】甲乡→台湾 3', trad), { kind: 'move', from: 'a_land', to: 'mid', count: { kind: 'n', n: 3 } });
});

test('several commands in one message: new lines, ；/; and a new 【', () => {
  const r = parseMessage('大家好\n【调兵】甲都→甲城 5；【调兵】甲城→甲乡 3;【完成】\n谢谢【军事】10【工业】', tiny);
  assert.deepEqual(r.map((x) => x.ok && x.command), [
    { kind: 'move', from: 'a_cap', to: 'a_city', count: { kind: 'n', n: 5 } },
    { kind: 'move', from: 'a_city', to: 'a_land', count: { kind: 'n', n: 3 } },
    { kind: 'commit' },
    { kind: 'buy', n: 10 },
    { kind: 'industry' },
  ]);
  assert.deepEqual(r.map((x) => x.text), ['【调兵】甲都→甲城 5', '【调兵】甲城→甲乡 3', '【完成】', '【军事】10', '【工业】']);
  // an error in one does not hide the others
  const mixed = parseMessage('【调兵】甲都→火星 5\n【完成】', tiny);
  assert.equal(mixed.length, 2);
  assert.equal(!mixed[0]!.ok && mixed[0]!.code, 'UNKNOWN_TERRITORY');
  assert.ok(mixed[1]!.ok);
});

test('unknown names: the closest matches, in the script typed; the wrong kind is named', () => {
  assert.match(err('【宣战】甲国向乙囯宣战', 'UNKNOWN_COUNTRY'), /没有'乙囯'，你是不是指'乙国'？/);
  assert.match(err('【宣战】Alpah向Beta宣战', 'UNKNOWN_COUNTRY'), /你是不是指'Alpha'/);
  assert.match(err('【调兵】甲都→Acty 5', 'UNKNOWN_TERRITORY'), /你是不是指'Acity'/);
  assert.match(err('【调兵】甲都→中原地区 5', 'UNKNOWN_TERRITORY'), /你是不是指'中原'/);
  assert.match(err('【调兵】甲都→火星 5', 'UNKNOWN_TERRITORY'), /没有叫'火星'的领土/);
  assert.match(err('【宣战】甲国向甲都宣战', 'UNKNOWN_COUNTRY'), /'甲都'是领土/);
  assert.match(err('【调兵】甲都→乙国 5', 'UNKNOWN_TERRITORY'), /'乙国'是国家/);
  assert.match(err('【交易】甲国向乙国提出交易申请，以20分交换乙相', 'UNKNOWN_TERRITORY'), /'乙乡'/);
  assert.match(err('【调兵】Acap→Mars 5', 'UNKNOWN_TERRITORY', tiny, 'en'), /There is no territory called 'Mars'/);
  assert.match(err('【宣战】Alpah向Beta宣战', 'UNKNOWN_COUNTRY', tiny, 'en'), /Did you mean 'Alpha'\?/);
});

test('a known name followed by the wrong words is a syntax error; an unknown one is a name error', () => {
  assert.match(err('【宣战】甲国向乙国宣战甲国向丙国宣战', 'BAD_SYNTAX'), /格式：【宣战】/);
  assert.match(err('【结盟】甲国向乙国请求结婚', 'BAD_SYNTAX'), /格式：【结盟】甲国向乙国请求缔结盟约。/);
  assert.match(err('【宣战】甲国向乙囯', 'UNKNOWN_COUNTRY'), /你是不是指'乙国'/);
  assert.match(err('【完成】甲囯', 'UNKNOWN_COUNTRY'), /你是不是指'甲国'/);
  assert.match(err('【军事】甲囯 30', 'UNKNOWN_COUNTRY'), /你是不是指'甲国'/);
  assert.match(err('【调兵】甲都→甲城 20 30', 'BAD_SYNTAX'), /数量'20 30'/);
  assert.match(err('【延时】0', 'BAD_SYNTAX'), /大于0/);
});

test('order of checks: syntax before names', () => {
  // an unknown name and a bad form: BAD_SYNTAX is reported
  assert.equal(one('【调兵】火星 甲城 5').ok === false && (one('【调兵】火星 甲城 5') as { code: string }).code, 'BAD_SYNTAX');
  err('【动员】部分 火星60', 'BAD_SYNTAX');
  err('【求和】火星向乙国请求停战', 'BAD_SYNTAX');
  // with the syntax right, the name error shows
  err('【动员】部分 火星100', 'UNKNOWN_TERRITORY');
  err('【求和】火星向乙国请求停战，无条件', 'UNKNOWN_COUNTRY');
});

test('BAD_SYNTAX messages show the correct form with the map\'s names, in zh and en', () => {
  assert.match(err('【宣战】甲国', 'BAD_SYNTAX'), /格式：【宣战】甲国向乙国宣战/);
  assert.match(err('【求和】甲国向乙国请求停战', 'BAD_SYNTAX'), /无条件/);
  assert.match(err('【交易】甲国向乙国提出交易申请', 'BAD_SYNTAX'), /以20分交换/);
  assert.match(err('【调兵】Acap', 'BAD_SYNTAX', tiny, 'en'), /Format: 【调兵】Acap→Acity 20/);
  assert.match(err('【公告】', 'UNKNOWN_COMMAND', tiny, 'en'), /There is no command 【公告】/);
});

test('a message over 4,000 characters is refused whole', () => {
  const r = parseMessage('【完成】' + 'x'.repeat(4000), tiny);
  assert.equal(r.length, 1);
  assert.equal(!r[0]!.ok && r[0]!.code, 'MESSAGE_TOO_LONG');
  assert.match(!r[0]!.ok ? r[0]!.message : '', /4000/);
  assert.equal(parseMessage('【完成】' + 'x'.repeat(3990), tiny).length, 1);
  assert.equal(parseMessage('x'.repeat(4001), tiny)[0]!.ok, false);
});

test('suggest, lookupCountry, lookupTerritory for autocomplete', () => {
  assert.deepEqual(lookupCountry('乙國', tiny), { ok: true, id: 'B' });
  assert.deepEqual(lookupCountry('beta', tiny), { ok: true, id: 'B' });
  assert.deepEqual(lookupTerritory('WL', isl).ok, false);
  assert.deepEqual(lookupTerritory('西田', isl), { ok: true, id: 'w_land' });
  const miss = lookupTerritory('Westfeld', isl, 'en');
  assert.ok(!miss.ok);
  assert.equal(miss.code, 'UNKNOWN_TERRITORY');
  assert.equal(miss.suggestions[0]!.id, 'w_land');
  assert.match(miss.message, /Westfield/);
  assert.deepEqual(suggest('乙囯', tiny, { kind: 'country' }).map((s) => s.id), ['B']);
  assert.ok(suggest('乙囯', tiny).some((s) => s.id === 'B'));
  assert.deepEqual(suggest('Alpah', tiny)[0], { id: 'A', kind: 'country', name: 'Alpha' });
  assert.deepEqual(suggest('Midlnd', tiny, { kind: 'territory' }), [{ id: 'mid', kind: 'territory', name: 'Midland' }]);
});

/** Every kind of the Command union: tsc fails here when a kind is added, and the test below fails until it is covered. */
const ALL_KINDS: Record<CommandKind, true> = {
  declareWar: true, ceasefire: true, surrender: true, alliance: true, breakAlliance: true, pact: true, trade: true, pledge: true,
  answer: true, puppet: true, annex: true, demand: true, independence: true, leave: true, move: true, cancel: true, airlift: true,
  buy: true, industry: true, tech: true, mobilize: true, commit: true, uncommit: true, spy: true, query: true, resolve: true,
  pause: true, resume: true, extend: true, undo: true, set: true, rule: true, control: true, endGame: true, bot: true,
};

/** One example of every command kind, round-tripped through formatCommand (zh and en names). */
const EVERY: Command[] = [
  { kind: 'declareWar', from: 'A', to: 'B' },
  { kind: 'ceasefire', from: 'A', to: 'B', unconditional: true, terms: [] },
  { kind: 'ceasefire', from: 'A', to: 'B', unconditional: false, terms: [P(5), T('b_land'), T('b_city'), { kind: 'arms', n: 4, from: 'b_land', to: 'a_land' }, P(3)] },
  { kind: 'surrender', from: 'B', to: 'A' },
  { kind: 'alliance', from: 'A', to: 'C' },
  { kind: 'breakAlliance', from: 'A', to: 'C' },
  { kind: 'pact', from: 'C', to: 'B' },
  { kind: 'trade', from: 'A', to: 'B', give: [P(20), { kind: 'arms', n: 10, from: 'a_land', to: 'b_land' }], get: [T('b_land'), T('waste')] },
  { kind: 'pledge', from: 'B', to: 'A' },
  { kind: 'answer', answer: 'accept' },
  { kind: 'answer', answer: 'reject' },
  { kind: 'answer', answer: 'counter', terms: [T('b_land'), P(10)] },
  { kind: 'answer', answer: 'counter', give: [T('b_land')], get: [P(20)] },
  { kind: 'answer', answer: 'accept', request: { kind: 'alliance', from: 'A', to: 'B' } },
  { kind: 'answer', answer: 'reject', request: { kind: 'ceasefire', from: 'A', to: 'B', unconditional: true, terms: [] } },
  { kind: 'answer', answer: 'accept', request: { kind: 'pledge', from: 'B', to: 'A' } },
  { kind: 'answer', answer: 'reject', request: { kind: 'pact', from: 'B', to: 'A' } },
  { kind: 'answer', answer: 'counter', request: { kind: 'trade', from: 'A', to: 'B', give: [P(20)], get: [T('b_land')] }, give: [T('b_land')], get: [P(30)] },
  { kind: 'answer', answer: 'counter', request: { kind: 'surrender', from: 'B', to: 'A' }, terms: [T('b_city'), P(10)] },
  { kind: 'answer', answer: 'counter', request: { kind: 'ceasefire', from: 'A', to: 'B', unconditional: false, terms: [T('b_land')] }, terms: [P(10)] },
  { kind: 'puppet', from: 'A', to: 'B' },
  { kind: 'annex', from: 'A', to: 'B' },
  { kind: 'demand', from: 'A', to: 'B', territories: ['b_land', 'b_city'] },
  { kind: 'independence', from: 'B', to: 'A' },
  { kind: 'leave' },
  { kind: 'leave', country: 'C' },
  { kind: 'move', from: 'a_cap', to: 'a_land', count: { kind: 'n', n: 12 } },
  { kind: 'move', from: 'a_cap', to: 'a_land', count: { kind: 'all' } },
  { kind: 'move', from: 'a_ars', to: 'a_cap', count: { kind: 'half' } },
  { kind: 'cancel', from: 'a_cap', to: 'a_land' },
  { kind: 'cancel' },
  { kind: 'airlift', from: 'a_cap', to: 'mid', count: { kind: 'n', n: 7 } },
  { kind: 'buy', n: 30 },
  { kind: 'buy', n: 5, country: 'B' },
  { kind: 'industry' },
  { kind: 'industry', country: 'B' },
  { kind: 'tech', tech: 'airship', n: 50 },
  { kind: 'tech', tech: 'spy', n: 1, country: 'C' },
  { kind: 'tech', tech: 'comms', n: 200 },
  { kind: 'mobilize', type: 'partial', placement: [] },
  { kind: 'mobilize', type: 'national', placement: [{ territory: 'a_cap', n: 150 }, { territory: 'a_land', n: 50 }] },
  { kind: 'mobilize', type: 'partial', placement: [{ territory: 'b_cap', n: 100 }], country: 'B' },
  { kind: 'commit' },
  { kind: 'commit', country: 'B' },
  { kind: 'uncommit' },
  { kind: 'spy' },
  { kind: 'query', what: 'map' },
  { kind: 'query', what: 'scores' },
  { kind: 'query', what: 'status' },
  { kind: 'query', what: 'status', country: 'C' },
  { kind: 'query', what: 'orders' },
  { kind: 'query', what: 'help' },
  { kind: 'resolve' },
  { kind: 'pause' },
  { kind: 'resume' },
  { kind: 'extend', seconds: 300 },
  { kind: 'extend', seconds: 90 },
  { kind: 'extend', seconds: 45 },
  { kind: 'undo' },
  { kind: 'set', target: 'a_cap', field: 'armies', value: 50 },
  { kind: 'set', target: 'a_cap', field: 'armies', value: 0 },
  { kind: 'set', target: 'a_cap', field: 'owner', value: 'B' },
  { kind: 'set', target: 'a_cap', field: 'owner', value: null },
  { kind: 'set', target: 'A', field: 'score', value: 100 },
  { kind: 'set', target: 'A', field: 'score', value: -7 },
  { kind: 'rule', key: 'latePenalty', value: '10' },
  { kind: 'rule', key: 'tribute', value: '0.5' },
  { kind: 'control', country: 'B', player: false },
  { kind: 'control', country: 'B', player: true },
  { kind: 'endGame' },
  { kind: 'endGame', winners: ['A', 'C'] },
  { kind: 'bot', country: 'B', style: 'aggressive' },
];

test('formatCommand round-trips every command kind (zh and en names)', () => {
  const kinds = new Set(EVERY.map((c) => c.kind));
  assert.deepEqual([...kinds].sort(), Object.keys(ALL_KINDS).sort(), 'every Command kind is covered');
  for (const lang of ['zh', 'en'] as const) {
    for (const c of EVERY) {
      const text = formatCommand(c, tiny, lang);
      const r = parseMessage(text, tiny);
      assert.equal(r.length, 1, text);
      assert.ok(r[0]!.ok, `${text}: ${JSON.stringify(r[0])}`);
      assert.deepEqual(r[0]!.command, c, text);
    }
  }
  const q: Command = { kind: 'query', what: 'map', region: 'south' };
  assert.deepEqual((parseMessage(formatCommand(q, isl), isl)[0] as { command: Command }).command, q);
  assert.equal(formatCommand({ kind: 'move', from: 'a_cap', to: 'a_land', count: { kind: 'n', n: 20 } }, tiny), '【调兵】甲都→甲乡 20');
  assert.equal(formatCommand({ kind: 'declareWar', from: 'A', to: 'B' }, tiny), '【宣战】甲国向乙国宣战');
  assert.equal(formatCommand({ kind: 'declareWar', from: 'A', to: 'B' }, tiny, 'en'), '【宣战】Alpha向Beta宣战');
});
