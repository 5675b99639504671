/**
 * A seeded corpus of hostile and mutated chat text for the parser: random text from a hostile alphabet, full- and
 * half-width mixes, Traditional characters, control characters, emoji, SQL and HTML snippets, nested brackets,
 * huge inputs, and valid commands from the generator mutated. Shared by the fuzz tests and the parser benchmark.
 */
import type { GameMap } from '../../europe/map/index.ts';
import { makeRng, type Rng } from '../../europe/rng.ts';

const TRAD: Record<string, string> = {
  战: '戰', 国: '國', 结: '結', 约: '約', 协: '協', 调: '調', 军: '軍', 动: '動', 员: '員', 请: '請', 让: '讓', 赔: '賠',
  换: '換', 独: '獨', 灭: '滅', 领: '領', 销: '銷', 运: '運', 间: '間', 谍: '諜', 讯: '訊', 业: '業', 设: '設', 规: '規',
  则: '則', 暂: '暫', 继: '繼', 续: '續', 时: '時', 窥: '窺', 数: '數', 状: '狀', 态: '態', 帮: '幫', 图: '圖', 罗: '羅',
  兰: '蘭', 乌: '烏', 腊: '臘', 条: '條', 件: '件', 议: '議', 盟: '盟', 与: '與', 万: '萬', 亚: '亞', 尔: '爾', 维: '維',
};

const JUNK = [
  '\u0000', '\u0001', '\u0007', '\u0008', '\u001b[31m', '\u007f', '\r', '\r\n', '\t', '\v', '\f', '\u200b', '\u200d', '\ufeff', '\u202e', '\u2028',
  '\u0085', '😀', '🇨🇳', '👨‍👩‍👧', '🏳️‍🌈', '\ud800', '\udfff', '𠀀', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '&amp;', '&#x3010;',
  '"; DROP TABLE games;--', "' OR '1'='1", 'SELECT * FROM log;', '${process.exit()}', '{{7*7}}', '%s%s%n', '\\u3010', '../../etc/passwd',
  '【', '】', '[', ']', '〖', '〗', '［', '］', '〔', '〕', '【【', '】】', '【】', '[]', '（', '）', '(', ')', '→', '->', '——', '--', '—', '、', '，', ',', '。',
  '.', '：', ':', '；', ';', '和', '向', '宣战', '請求', '停战', '以', '交换', '割让', '赔款', '分', '军', '全部', '一半', '=', '兵力', '归属', '中立',
  '0', '9', '-1', '1e9', '99999999999999999999', '١٢٣', '１２', 'Ａ', ' ', '\u3000', 'ǅ', 'İ', 'ß', 'ﬁ', '\\', '/', '*'.repeat(40), '无条件',
  '有条件。停战要求：', '——同意。', '——拒绝。', '——协商。', '【调兵】', '[完成]', '〖結盟〗', '【宣戰】', '【规则】', '【设置】', '【撤回】',
];

const COMMAND_WORDS = ['宣战', '求和', '结盟', '背盟', '协定', '交易', '效忠', '同意', '拒绝', '协商', '傀儡', '灭国', '领土要求', '独立', '退出',
  '调兵', '撤销', '空运', '军事', '工业', '科技', '动员', '完成', '取消完成', '窥探', '地图', '分数', '状态', '命令', '帮助', '结算', '暂停', '继续',
  '延时', '撤回', '设置', '规则', '投降', '不存在'];

export function toTraditional(s: string): string {
  let out = '';
  for (const ch of s) out += TRAD[ch] ?? ch;
  return out;
}

/** Swaps ASCII and full-width forms (and the common CJK punctuation pairs) at random. */
export function widthMix(rng: Rng, s: string): string {
  const pairs: Record<string, string> = { '【': '[', '】': ']', '（': '(', '）': ')', '，': ',', '：': ':', '；': ';', '。': '.', '→': '->', '、': ',' };
  const back: Record<string, string> = Object.fromEntries(Object.entries(pairs).map(([a, b]) => [b, a]));
  let out = '';
  for (const ch of s) {
    if (!rng.chance(0.5)) { out += ch; continue; }
    const c = ch.codePointAt(0)!;
    if (pairs[ch]) out += pairs[ch];
    else if (back[ch]) out += back[ch];
    else if (c >= 0x21 && c <= 0x7e) out += String.fromCodePoint(c + 0xfee0);
    else if (c >= 0xff01 && c <= 0xff5e) out += String.fromCodePoint(c - 0xfee0);
    else out += ch;
  }
  return out;
}

function names(map: GameMap): string[] {
  const out: string[] = [];
  for (const c of map.countries) out.push(c.name.zh, c.name.en, c.id, ...(c.aliases ?? []));
  for (const t of map.territories) out.push(t.name.zh, t.name.en, t.id);
  return out;
}

/** One mutation of a text (1–4 edits). */
export function mutate(rng: Rng, s: string, pool: string[]): string {
  const n = rng.int(1, 4);
  for (let k = 0; k < n; k++) {
    const i = rng.int(0, s.length);
    switch (rng.int(0, 11)) {
      case 0: s = s.slice(0, i) + rng.pick(JUNK) + s.slice(i); break;
      case 1: s = s.slice(0, i) + s.slice(i + rng.int(1, 3)); break;
      case 2: s = s + rng.pick(['\n', '；', ';', '', ' ']) + rng.pick(pool); break;
      case 3: s = s.slice(0, i); break;
      case 4: { const j = rng.int(0, s.length); s = s.slice(0, i) + s.slice(j, j + rng.int(1, 8)) + s.slice(i); break; }
      case 5: s = s.slice(0, i) + String(rng.int(0, 100000)) + s.slice(i); break;
      case 6: s = [...s].map((c) => (rng.chance(0.08) ? rng.pick(JUNK) : c)).join(''); break;
      case 7: s = toTraditional(s); break;
      case 8: s = widthMix(rng, s); break;
      case 9: s = '【'.repeat(rng.int(1, 5)) + s + '】'.repeat(rng.int(1, 5)); break;
      case 10: s = s.slice(0, i) + rng.pick(pool).slice(0, rng.int(1, 12)) + s.slice(i); break;
      default: s = s.replace(/\d+/, String(rng.pick([0, -5, 1e6, 123456789012, 4000]))); break;
    }
  }
  return s;
}

/** Random text from the hostile alphabet, map names and command words. */
export function randomText(rng: Rng, map: GameMap, maxParts = 20): string {
  const ns = names(map);
  const parts: string[] = [];
  const n = rng.int(0, maxParts);
  for (let k = 0; k < n; k++) {
    const r = rng.next();
    if (r < 0.3) parts.push(rng.pick(JUNK));
    else if (r < 0.5) parts.push(rng.pick(ns));
    else if (r < 0.65) parts.push(`【${rng.pick(COMMAND_WORDS)}】`);
    else if (r < 0.75) parts.push(String(rng.int(-10, 5000)));
    else if (r < 0.85) parts.push(String.fromCodePoint(rng.int(0, 0x2ffff)).replace(/[\ud800-\udfff]/g, '?'));
    else parts.push(String.fromCharCode(rng.int(0, 0xffff)));
  }
  return parts.join(rng.chance(0.3) ? ' ' : '');
}

/**
 * `n` texts: a fifth random, the rest mutations of `valid` (the generator's commands as chat text), plus a few
 * huge and bracket-heavy ones. Deterministic for a seed.
 */
export function fuzzCorpus(map: GameMap, valid: string[], n: number, seed: number): string[] {
  const rng = makeRng(seed);
  const pool = valid.length ? valid : ['【完成】'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = rng.next();
    if (r < 0.2) out.push(randomText(rng, map));
    else if (r < 0.25) out.push(rng.pick(pool));
    else if (r < 0.28) {
      // Long messages near the 4,000-character limit, several commands per message.
      let s = '';
      while (s.length < 3500) s += rng.pick(pool) + rng.pick(['\n', '；', ';']);
      out.push(s.slice(0, rng.int(3900, 4000)));
    } else if (r < 0.3) out.push(rng.pick(['【', '[', '〖', '（', '(']).repeat(rng.int(100, 3999)) + rng.pick(pool));
    else out.push(mutate(rng, rng.pick(pool), pool));
  }
  return out;
}
