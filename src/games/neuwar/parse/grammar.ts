import { BOT_STYLE_WORDS, botStyleOf, type Command, type Count, type ErrorCode, type Item, type TechId } from '../engine/index.ts';
import type { CmdName } from './commands.ts';
import { entityOf, matchNames, suggest, type Lexicon } from './lexicon.ts';
import { msg, type Lang } from './messages.ts';
import { skipPunct, skipSpaces, trimPunct } from './normalize.ts';

/** A refusal found while parsing; caught at the command boundary and turned into a Parsed error. */
export class Fail {
  constructor(readonly code: ErrorCode, readonly message: string) {}
}

export interface Ctx {
  lex: Lexicon;
  lang: Lang;
  name: CmdName;
  partialArmies: number;
  nationalArmies: number;
}

/**
 * Parsing is two-phase so that "syntax, then names" (commands.md §5) holds: the grammar checks the shape and
 * returns a thunk; only the thunk resolves names (and throws UNKNOWN_COUNTRY / UNKNOWN_TERRITORY).
 */
export type Thunk = () => Command[];

const d = (ctx: Ctx, zh: string, en: string) => (ctx.lang === 'zh' ? zh : en);

function bad(ctx: Ctx, detail?: string): never {
  throw new Fail('BAD_SYNTAX', msg.badSyntax(ctx.name, ctx.lex.ex[ctx.lang], ctx.lang, detail));
}

const clip = (s: string) => (s.length > 20 ? `${s.slice(0, 20)}…` : s);

// A computer player's style (issue 13): the rules' vocabulary, engine/botstyles.ts.
export { BOT_STYLE_NAMES } from '../engine/index.ts';

// ---------------------------------------------------------------------------------------------- names

function resolve(ctx: Ctx, text: string, want: 'country' | 'territory'): string {
  const t = text.trim();
  const code = want === 'country' ? 'UNKNOWN_COUNTRY' : 'UNKNOWN_TERRITORY';
  const ent = t ? entityOf(ctx.lex, t) : undefined;
  if (ent && ent.kind === want) return ent.id;
  if (ent) throw new Fail(code, msg.wrongKind(t, ent.kind, want, ctx.lang));
  const s = suggest(t, ctx.lex.map, { kind: want }).map((x) => x.name);
  throw new Fail(code, msg.unknownName(t, want, s, ctx.lang));
}

const country = (ctx: Ctx, t: string) => resolve(ctx, t, 'country');
const territory = (ctx: Ctx, t: string) => resolve(ctx, t, 'territory');

/** The longest known name at s[p] (any kind) after which `ok(end)` holds. */
function nameThen(ctx: Ctx, s: string, p: number, ok: (end: number) => boolean): number {
  const ms = matchNames(ctx.lex, s, p);
  for (let i = ms.length - 1; i >= 0; i--) if (ok(ms[i]!.end)) return ms[i]!.end;
  return -1;
}

// ---------------------------------------------------------------------------------------------- numbers and counts

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

function readInt(ctx: Ctx, s: string, p: number): { n: number; end: number } | null {
  let q = p;
  while (isDigit(s[q])) q++;
  if (q === p) return null;
  if (q - p > 9) bad(ctx, d(ctx, `数字太大：${clip(s.slice(p, q))}`, `number too large: ${clip(s.slice(p, q))}`));
  return { n: Number(s.slice(p, q)), end: q };
}

const ALL_WORDS = ['全部', '全军', '所有', '全', 'all'];
const HALF_WORDS = ['一半', '半数', '半', 'half', '1/2'];

/** A count (R10.1): a number, 全部 or 一半; empty means 全部. Spaces inside a number are ignored ("Aland1 2"). */
function parseCount(ctx: Ctx, s: string): Count | null {
  let t = s.trim();
  if (t.endsWith('军') || t.endsWith('兵')) t = t.slice(0, -1).trim();
  const l = t.toLowerCase();
  if (l === '' || ALL_WORDS.includes(l)) return { kind: 'all' };
  if (HALF_WORDS.includes(l)) return { kind: 'half' };
  const digits = l.replace(/ /g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length > 9) bad(ctx, d(ctx, `数字太大：${clip(digits)}`, `number too large: ${clip(digits)}`));
  const n = Number(digits);
  if (n < 1) bad(ctx, d(ctx, '数量至少是1', 'the count must be at least 1'));
  return { kind: 'n', n };
}

// ---------------------------------------------------------------------------------------------- items (goods and terms)

type DItem = { kind: 'points'; n: number } | { kind: 'territory'; name: string } | { kind: 'arms'; n: number; from: string; to: string };

const WORD_SEPS = ['以及', '和', '及', '与', '还有'];
const HARD_SEP = new Set([',', '.', '、', ';', ':', '!', '?']);

function sepLen(s: string, p: number, soft: boolean): number {
  const c = s[p];
  if (c === undefined) return 0;
  if (HARD_SEP.has(c) || (soft && c === ' ')) return 1;
  for (const w of WORD_SEPS) if (s.startsWith(w, p)) return w.length;
  return 0;
}

function skipSeps(s: string, p: number): number {
  for (let n = sepLen(s, p, true); n > 0; n = sepLen(s, p, true)) p += n;
  return p;
}

const atItemEnd = (s: string, p: number) => {
  const q = skipSpaces(s, p);
  return q >= s.length || sepLen(s, q, true) > 0;
};

function parseItems(ctx: Ctx, s: string): DItem[] {
  const items: DItem[] = [];
  let p = 0;
  for (;;) {
    p = skipSeps(s, p);
    if (p >= s.length) break;
    const [item, end] = parseItem(ctx, s, p);
    items.push(item);
    const q = skipSpaces(s, end);
    if (q < s.length && sepLen(s, q, true) === 0) bad(ctx, d(ctx, `看不懂'${clip(s.slice(q))}'`, `cannot read '${clip(s.slice(q))}'`));
    p = q;
  }
  if (!items.length) bad(ctx, d(ctx, '缺少物品或条件', 'no goods or terms given'));
  return items;
}

function parseItem(ctx: Ctx, s: string, p: number): [DItem, number] {
  if (s.startsWith('割让', p)) p = skipPunct(s, p + 2);
  else {
    for (const w of ['赔款', '赔偿', '支付']) {
      if (!s.startsWith(w, p)) continue;
      const q = skipPunct(s, p + w.length);
      const r = readInt(ctx, s, q);
      if (!r) bad(ctx, d(ctx, `${w}后面要写分数，如${w}20分`, `${w} needs a number of points, e.g. ${w}20分`));
      let e = skipSpaces(s, r.end);
      if (s[e] === '分' || s[e] === '点') e++;
      return [{ kind: 'points', n: r.n }, e];
    }
  }
  const known = nameThen(ctx, s, p, (end) => atItemEnd(s, end));
  if (known >= 0) return [{ kind: 'territory', name: s.slice(p, known) }, known];
  if (isDigit(s[p])) {
    const r = readInt(ctx, s, p)!;
    let q = skipSpaces(s, r.end);
    if (s[q] === '分' || s[q] === '点') return [{ kind: 'points', n: r.n }, q + 1];
    if (s[q] === '军' || s[q] === '兵') {
      q = skipPunct(s, q + 1);
      const formHint = d(ctx, '军火写成 N军（甲地→乙地）', 'arms are written N军（X→Y）');
      let arrow = -1;
      const xEnd = nameThen(ctx, s, q, (end) => s[skipSpaces(s, end)] === '→');
      if (xEnd >= 0) arrow = skipSpaces(s, xEnd);
      else arrow = s.indexOf('→', q);
      if (arrow < 0) bad(ctx, formHint);
      const from = s.slice(q, arrow).trim();
      const y = skipSpaces(s, arrow + 1);
      let yEnd = nameThen(ctx, s, y, (end) => atItemEnd(s, end));
      if (yEnd < 0) {
        yEnd = y;
        while (yEnd < s.length && sepLen(s, yEnd, false) === 0) yEnd++;
      }
      const to = s.slice(y, yEnd).trim();
      if (!from || !to) bad(ctx, formHint);
      return [{ kind: 'arms', n: r.n, from, to }, yEnd];
    }
    bad(ctx, d(ctx, `'${clip(s.slice(p))}'：数字后面要写"分"（分数）或"军"（军火）`, `'${clip(s.slice(p))}': a number needs 分 (points) or 军 (arms)`));
  }
  let q = p;
  while (q < s.length && sepLen(s, q, false) === 0) q++;
  const name = s.slice(p, q).trim();
  if (!name) bad(ctx);
  return [{ kind: 'territory', name }, q];
}

function resolveItems(ctx: Ctx, items: DItem[]): Item[] {
  return items.map((it): Item =>
    it.kind === 'points' ? { kind: 'points', n: it.n }
      : it.kind === 'territory' ? { kind: 'territory', id: territory(ctx, it.name) }
        : { kind: 'arms', n: it.n, from: territory(ctx, it.from), to: territory(ctx, it.to) });
}

/** `以 G1 交换 G2` (trade goods, from the speaker's side). */
function parseTradeGoods(ctx: Ctx, s: string): { give: DItem[]; get: DItem[] } | null {
  let p = skipPunct(s, 0);
  if (!(s.startsWith('以', p) || s.startsWith('用', p))) return null;
  p++;
  for (const w of ['交换', '换取', '换成', '换']) {
    const i = s.indexOf(w, p);
    if (i < 0) continue;
    const give = parseItems(ctx, trimPunct(s.slice(p, i)));
    const get = parseItems(ctx, trimPunct(s.slice(i + w.length)));
    return { give, get };
  }
  bad(ctx, d(ctx, '交易写成 以（我方物品）交换（对方物品）', 'a trade is written 以 (what I give) 交换 (what I get)'));
}

/** Peace terms: an item list, optionally after 停战要求： or 有条件. */
function parseTerms(ctx: Ctx, s: string): DItem[] {
  let p = skipPunct(s, 0);
  for (const w of ['有条件', '停战要求', '停战条件', '要求', '条件']) {
    if (s.startsWith(w, p)) p = skipPunct(s, p + w.length);
  }
  const t = trimPunct(s.slice(p));
  if (!t) bad(ctx, d(ctx, '缺少停战要求，如 停战要求：割让某地，赔款20分', 'no terms given, e.g. 停战要求：割让X，赔款20分'));
  return parseItems(ctx, t);
}

type Counter = { terms: DItem[] } | { give: DItem[]; get: DItem[] };

function parseCounter(ctx: Ctx, s: string, mode: 'trade' | 'terms' | 'any'): Counter {
  const t = trimPunct(s);
  if (!t) bad(ctx, d(ctx, '协商要写明你的条件', 'a counter-offer must state its terms'));
  const trade = parseTradeGoods(ctx, t);
  if (trade) {
    if (mode === 'terms') bad(ctx, d(ctx, '对停战的协商写成 停战要求：割让某地，赔款10分', 'a counter to peace is written 停战要求：割让X，赔款10分'));
    return trade;
  }
  if (mode === 'trade') bad(ctx, d(ctx, '对交易的协商写成 以（我方物品）交换（对方物品）', 'a counter to a trade is written 以 (what I give) 交换 (what I get)'));
  return { terms: parseTerms(ctx, t) };
}

function resolveCounter(ctx: Ctx, c: Counter): { terms: Item[] } | { give: Item[]; get: Item[] } {
  return 'terms' in c ? { terms: resolveItems(ctx, c.terms) } : { give: resolveItems(ctx, c.give), get: resolveItems(ctx, c.get) };
}

// ---------------------------------------------------------------------------------------------- diplomacy: X 向 Y …

interface PairSpec {
  conns: string[];
  /** Sticky regex matched right after Y (after punctuation). */
  head: RegExp;
  /** First characters of a non-empty head. */
  starts: string;
  optional: boolean;
  /** 'none': nothing may follow the head; 'some': the head is followed by terms or goods. */
  tail: 'none' | 'some';
}

const PAIRS: Partial<Record<CmdName, PairSpec>> = {
  宣战: { conns: ['向', '对'], head: /(?:宣战|宣布开战|开战)?/y, starts: '宣开', optional: true, tail: 'none' },
  求和: { conns: ['向', '对'], head: /(?:请求|要求|提出)?(停战|投降|和谈|求和)/y, starts: '请要提停投和求', optional: false, tail: 'some' },
  结盟: { conns: ['向', '对', '与', '和'], head: /(?:请求)?(?:缔结盟约|缔结同盟|缔结联盟|结成同盟|建立同盟|结盟|同盟|盟约|联盟)?/y, starts: '请缔结建同盟联', optional: true, tail: 'none' },
  背盟: { conns: ['向', '对', '与', '和'], head: /(?:宣布)?(?:解散联盟|解除联盟|解除盟约|解散盟约|解散同盟|解除同盟|退出联盟|背盟|毁约)?/y, starts: '宣解退背毁', optional: true, tail: 'none' },
  协定: { conns: ['向', '对', '与', '和'], head: /(?:请求)?(?:签署|签订|缔结)?(?:互不侵犯协定|互不侵犯条约|互不侵犯|协定)?/y, starts: '请签缔互协', optional: true, tail: 'none' },
  交易: { conns: ['向', '对', '与', '和'], head: /(?:提出)?(?:交易申请|交易请求|申请交易|交易)?[,.: ]{0,4}(?=以|用)/y, starts: '提交申以用', optional: true, tail: 'some' },
  效忠: { conns: ['向', '对'], head: /(?:请求|宣誓|宣布)?(?:效忠)?/y, starts: '请宣效', optional: true, tail: 'none' },
  傀儡: { conns: ['对', '向'], head: /(?:建立傀儡政权|建立傀儡国|建立傀儡|扶植傀儡政权|扶植傀儡|傀儡)?/y, starts: '建扶傀', optional: true, tail: 'none' },
  灭国: { conns: ['吞并', '对', '向'], head: /(?:灭国|吞并)?/y, starts: '灭吞', optional: true, tail: 'none' },
  领土要求: { conns: ['向', '对'], head: /(?:提出)?(?:领土要求|要求割让|要求|索要|索取)/y, starts: '提领要索', optional: false, tail: 'some' },
  独立: { conns: ['脱离', '向', '从'], head: /(?:宣布)?(?:独立)?/y, starts: '宣独', optional: true, tail: 'none' },
};

interface Pair { x: string; y: string; m: RegExpExecArray | null; tail: string }

function parsePair(ctx: Ctx, b: string, spec: PairSpec): Pair {
  const lex = ctx.lex;
  let x: string | null = null;
  let r = -1;
  const connAt = (q: number) => spec.conns.find((c) => b.startsWith(c, q));
  const xEnd = nameThen(ctx, b, 0, (end) => connAt(skipSpaces(b, end)) !== undefined);
  if (xEnd >= 0) {
    const q = skipSpaces(b, xEnd);
    x = b.slice(0, xEnd);
    r = q + connAt(q)!.length;
  } else {
    let best = -1, len = 0;
    for (const c of spec.conns) {
      const i = b.indexOf(c, 1);
      if (i > 0 && (best < 0 || i < best)) { best = i; len = c.length; }
    }
    if (best > 0) {
      x = b.slice(0, best).trim();
      r = best + len;
    } else {
      // No connector: two known names side by side ("甲国 乙国 宣战").
      const xs = matchNames(lex, b, 0);
      const last = xs[xs.length - 1];
      if (!last || !matchNames(lex, b, skipSpaces(b, last.end)).length) bad(ctx);
      x = b.slice(0, last.end);
      r = last.end;
    }
  }
  r = skipPunct(b, r);
  if (!x || r >= b.length) bad(ctx, d(ctx, '要写明双方国家', 'name both countries'));
  const tryHead = (at: number): { m: RegExpExecArray; tail: string } | null => {
    const q = skipPunct(b, at);
    spec.head.lastIndex = q;
    const m = spec.head.exec(b);
    if (!m) return null;
    if (m[0] === '' && !spec.optional) return null;
    const tailStart = q + m[0].length;
    if (spec.tail === 'none' && skipPunct(b, tailStart) < b.length) return null;
    return { m, tail: b.slice(tailStart) };
  };
  const ys = matchNames(lex, b, r);
  for (let i = ys.length - 1; i >= 0; i--) {
    const h = tryHead(ys[i]!.end);
    if (h) return { x, y: b.slice(r, ys[i]!.end), ...h };
  }
  // A known name followed by something head-like that is not the head: a wrong suffix, not an unknown name.
  const last = ys[ys.length - 1];
  if (last && spec.starts.includes(b[skipPunct(b, last.end)] ?? '')) bad(ctx);
  for (let i = r + 1; i < b.length; i++) {
    if (!spec.starts.includes(b[i]!)) continue;
    const h = tryHead(i);
    if (h && (h.m[0] !== '' || spec.tail === 'some')) return { x, y: b.slice(r, i).trim(), ...h };
  }
  if (spec.optional && spec.tail === 'none') {
    return { x, y: b.slice(r).trim(), m: null, tail: '' };
  }
  bad(ctx);
}

type Request = Extract<Command, { kind: 'ceasefire' | 'surrender' | 'alliance' | 'pact' | 'trade' | 'pledge' }>;
type DiploThunk = () => Command;

function diplomacy(ctx: Ctx, b: string): DiploThunk {
  const spec = PAIRS[ctx.name]!;
  const { x, y, m, tail } = parsePair(ctx, b, spec);
  const pair = () => ({ from: country(ctx, x), to: country(ctx, y) });
  switch (ctx.name) {
    case '宣战': return () => ({ kind: 'declareWar', ...pair() });
    case '结盟': return () => ({ kind: 'alliance', ...pair() });
    case '背盟': return () => ({ kind: 'breakAlliance', ...pair() });
    case '协定': return () => ({ kind: 'pact', ...pair() });
    case '效忠': return () => ({ kind: 'pledge', ...pair() });
    case '傀儡': return () => ({ kind: 'puppet', ...pair() });
    case '灭国': return () => ({ kind: 'annex', ...pair() });
    case '独立': return () => ({ kind: 'independence', ...pair() });
    case '求和': {
      const word = m![1];
      const t = trimPunct(tail);
      if (word === '投降') {
        if (t) bad(ctx, d(ctx, `请求投降后面不写条件（'${clip(t)}'）`, `nothing follows 请求投降 ('${clip(t)}')`));
        return () => ({ kind: 'surrender', ...pair() });
      }
      if (t.startsWith('无条件')) {
        const rest = trimPunct(t.slice(3));
        if (rest && rest !== '停战') bad(ctx, d(ctx, `无条件停战不带条件（'${clip(rest)}'）`, `an unconditional ceasefire has no terms ('${clip(rest)}')`));
        return () => ({ kind: 'ceasefire', ...pair(), unconditional: true, terms: [] });
      }
      if (!t) bad(ctx, d(ctx, '请写明"无条件"或"有条件。停战要求：…"', 'say 无条件 (unconditional) or 有条件。停战要求：… (with terms)'));
      const terms = parseTerms(ctx, t);
      return () => {
        const p = pair();
        return { kind: 'ceasefire', ...p, unconditional: false, terms: resolveItems(ctx, terms) };
      };
    }
    case '交易': {
      const goods = parseTradeGoods(ctx, tail);
      if (!goods) bad(ctx);
      return () => {
        const p = pair();
        return { kind: 'trade', ...p, give: resolveItems(ctx, goods.give), get: resolveItems(ctx, goods.get) };
      };
    }
    case '领土要求': {
      const items = parseItems(ctx, trimPunct(tail));
      if (items.some((i) => i.kind !== 'territory')) bad(ctx, d(ctx, '领土要求只能要领土', 'a demand names territories only'));
      return () => {
        const p = pair();
        return { kind: 'demand', ...p, territories: items.map((i) => territory(ctx, (i as { name: string }).name)) };
      };
    }
    default: bad(ctx);
  }
}

const ANSWERABLE: CmdName[] = ['求和', '结盟', '协定', '交易', '效忠'];
const ANSWER_WORDS: [string, 'accept' | 'reject' | 'counter'][] = [['同意', 'accept'], ['接受', 'accept'], ['拒绝', 'reject'], ['协商', 'counter']];

/** `<request>——同意。` and friends: the marker is a dash, or the request's closing punctuation. */
function findAnswer(b: string): { req: string; answer: 'accept' | 'reject' | 'counter'; after: string } | null {
  for (let i = 1; i < b.length; i++) {
    const c = b[i]!;
    if (c !== '同' && c !== '接' && c !== '拒' && c !== '协') continue;
    const w = ANSWER_WORDS.find(([word]) => b.startsWith(word, i));
    if (!w) continue;
    let j = i;
    while (j > 0 && b[j - 1] === ' ') j--;
    const prev = b[j - 1];
    if (prev === '—' || prev === '-') {
      while (j > 0 && (b[j - 1] === '—' || b[j - 1] === '-')) j--;
    } else if (!(prev === '.' || prev === ',' || prev === '!')) continue;
    return { req: trimPunct(b.slice(0, j)), answer: w[1], after: b.slice(i + w[0].length) };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------- the acting country prefix

/**
 * An optional leading country for actions the judge or an overlord may take for another country
 * (`country?` in the Command type): `【军事】乙国 30`, `【完成】乙国`.
 */
function optCountry(ctx: Ctx, b: string, restOk: (rest: string) => boolean, zeroArg: boolean): { country?: string; rest: string } {
  if (restOk(b)) return { rest: b };
  const ms = matchNames(ctx.lex, b, 0);
  for (let i = ms.length - 1; i >= 0; i--) {
    if (ms[i]!.ent.kind !== 'country') continue;
    const rest = trimPunct(b.slice(ms[i]!.end));
    if (restOk(rest)) return { country: b.slice(0, ms[i]!.end), rest };
  }
  const sp = b.indexOf(' ');
  const head = sp < 0 ? b : b.slice(0, sp);
  const rest = sp < 0 ? '' : trimPunct(b.slice(sp + 1));
  const headIsName = ms.some((m) => m.end === head.length);
  if (!isDigit(head[0]) && restOk(rest) && !headIsName) {
    if (zeroArg && suggest(head, ctx.lex.map, { kind: 'country' }).length === 0) bad(ctx);
    return { country: head, rest };
  }
  bad(ctx);
}

const withCountry = (ctx: Ctx, c: string | undefined): { country?: string } => (c === undefined ? {} : { country: country(ctx, c) });

// ---------------------------------------------------------------------------------------------- orders

function parseRoute(ctx: Ctx, b: string, withCount: boolean): { from: string; to: string; count: Count } {
  const a = b.indexOf('→');
  if (a < 0) bad(ctx, d(ctx, '缺少箭头→', 'the arrow → is missing'));
  if (b.indexOf('→', a + 1) >= 0) bad(ctx, d(ctx, '一条指令只能有一个箭头', 'one arrow per order'));
  const from = b.slice(0, a).trim();
  const rest = trimPunct(b.slice(a + 1));
  if (!from) bad(ctx, d(ctx, '缺少出发地', 'where from?'));
  if (!rest) bad(ctx, d(ctx, '缺少目的地', 'where to?'));
  const ms = matchNames(ctx.lex, rest, 0);
  for (let i = ms.length - 1; i >= 0; i--) {
    const tail = rest.slice(ms[i]!.end);
    // "Aland1 2" (a count glued to the name, then a stray space) is 12; "甲城 20 30" is not a count.
    if (tail.startsWith(' ') && / \S+ /.test(` ${tail.trim()} `) && /\d \d/.test(tail)) continue;
    const count = parseCount(ctx, tail);
    if (count) {
      if (!withCount && tail.trim()) bad(ctx, d(ctx, '撤销不写数量', 'no count when cancelling'));
      return { from, to: rest.slice(0, ms[i]!.end), count };
    }
  }
  const longest = ms[ms.length - 1];
  if (longest && rest[longest.end] === ' ') {
    const tail = rest.slice(longest.end).trim();
    bad(ctx, withCount ? d(ctx, `看不懂数量'${clip(tail)}'`, `cannot read the count '${clip(tail)}'`) : d(ctx, '撤销不写数量', 'no count when cancelling'));
  }
  // An unknown destination: split a trailing count off, so the name in the error is what was meant.
  let name = rest;
  let count: Count = { kind: 'all' };
  let k = rest.length;
  while (k > 0 && isDigit(rest[k - 1])) k--;
  if (k > 0 && k < rest.length) {
    name = rest.slice(0, k).trim();
    count = parseCount(ctx, rest.slice(k)) ?? count;
  } else {
    for (const w of [...ALL_WORDS, ...HALF_WORDS]) {
      if (rest.length > w.length && rest.toLowerCase().endsWith(w) && (/[\u4e00-\u9fff]/.test(w) || rest[rest.length - w.length - 1] === ' ')) {
        name = rest.slice(0, rest.length - w.length).trim();
        count = parseCount(ctx, w)!;
        break;
      }
    }
  }
  if (!withCount && name !== rest) bad(ctx, d(ctx, '撤销不写数量', 'no count when cancelling'));
  return { from, to: name, count };
}

const TECHS: [string, TechId][] = [
  ['空艇', 'airship'], ['飞艇', 'airship'], ['airship', 'airship'], ['间谍', 'spy'], ['spy', 'spy'],
  ['通讯', 'comms'], ['通信', 'comms'], ['communications', 'comms'], ['communication', 'comms'], ['comms', 'comms'], ['comm', 'comms'],
];

function parseTech(s: string): { tech: TechId; n: string } | null {
  const l = s.toLowerCase();
  for (const [w, id] of TECHS) {
    if (l.startsWith(w)) {
      const n = l.slice(w.length).trim().replace(/分$/, '').trim();
      return /^\d+$/.test(n) ? { tech: id, n } : null;
    }
    if (l.endsWith(w)) {
      const n = l.slice(0, l.length - w.length).trim().replace(/分$/, '').trim();
      return /^\d+$/.test(n) ? { tech: id, n } : null;
    }
  }
  return null;
}

const MOBILIZE_WORDS: [string, 'partial' | 'national'][] = [
  ['部分动员', 'partial'], ['部分', 'partial'], ['partial', 'partial'], ['全国动员', 'national'], ['全面动员', 'national'], ['全国', 'national'], ['national', 'national'],
];
const mobilizeWord = (s: string) => MOBILIZE_WORDS.find(([w]) => s.toLowerCase().startsWith(w));

function parsePlacement(ctx: Ctx, s: string): { name: string; n: number }[] {
  const out: { name: string; n: number }[] = [];
  let p = 0;
  for (;;) {
    p = skipSeps(s, p);
    if (p >= s.length) break;
    let nameEnd = nameThen(ctx, s, p, (end) => isDigit(s[skipSpaces(s, end)]));
    if (nameEnd < 0) {
      nameEnd = p;
      while (nameEnd < s.length && !isDigit(s[nameEnd]) && sepLen(s, nameEnd, false) === 0) nameEnd++;
    }
    const name = s.slice(p, nameEnd).trim();
    const r = readInt(ctx, s, skipSpaces(s, nameEnd));
    if (!name || !r) bad(ctx, d(ctx, `看不懂'${clip(s.slice(p))}'，分配写成 地名+数量`, `cannot read '${clip(s.slice(p))}'; a split is written name+count`));
    if (r.n < 1) bad(ctx, d(ctx, '每处至少1军', 'at least 1 army per place'));
    p = r.end;
    if (s[p] === '军') p++;
    out.push({ name, n: r.n });
  }
  return out;
}

function parseDuration(s: string): number | null {
  const t = s.replace(/ /g, '').toLowerCase();
  if (/^\d{1,7}$/.test(t)) return Number(t) * 60;
  const colon = /^(\d{1,5}):(\d{1,2})$/.exec(t);
  if (colon) return Number(colon[1]) * 60 + Number(colon[2]);
  const m = /^(?:(\d{1,5})(?:小时|hours|hour|hrs|hr|h))?(?:(\d{1,7})(?:分钟|分|minutes|minute|mins|min|m))?(?:(\d{1,7})(?:秒钟|秒|seconds|second|secs|sec|s))?$/.exec(t);
  if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

const FIELDS: [string, 'armies' | 'owner' | 'score'][] = [
  ['兵力', 'armies'], ['军队', 'armies'], ['armies', 'armies'], ['army', 'armies'], ['归属', 'owner'], ['所有者', 'owner'], ['owner', 'owner'],
  ['分数', 'score'], ['得分', 'score'], ['score', 'score'],
];
const NEUTRAL = ['中立', '无', '无主', 'neutral', 'none', 'null'];

function parseSet(ctx: Ctx, b: string): Thunk {
  const lower = b.toLowerCase();
  const fieldAt = (p: number) => FIELDS.find(([w]) => lower.startsWith(w, p));
  let p = nameThen(ctx, b, 0, (end) => fieldAt(skipSpaces(b, end)) !== undefined);
  let target: string;
  if (p >= 0) target = b.slice(0, p);
  else {
    let best = -1;
    for (const [w] of FIELDS) {
      const i = lower.indexOf(w, 1);
      if (i > 0 && (best < 0 || i < best)) best = i;
    }
    if (best < 0) bad(ctx, d(ctx, '缺少要设置的项目（兵力、归属或分数）', 'which field? (兵力 armies, 归属 owner or 分数 score)'));
    target = b.slice(0, best).trim();
    p = best;
  }
  if (!target) bad(ctx, d(ctx, '缺少要设置的领土或国家', 'which territory or country?'));
  const pairs: { field: 'armies' | 'owner' | 'score'; value: string }[] = [];
  for (;;) {
    p = skipSeps(b, p);
    if (p >= b.length) break;
    const f = fieldAt(p);
    if (!f) bad(ctx, d(ctx, `看不懂'${clip(b.slice(p))}'`, `cannot read '${clip(b.slice(p))}'`));
    p = skipSpaces(b, p + f[0].length);
    if (b[p] === '=' || b[p] === ':') p = skipSpaces(b, p + 1);
    let end = b.length;
    for (const [w] of FIELDS) {
      const i = lower.indexOf(w, p + 1);
      if (i > 0 && i < end && (b[i - 1] === ' ' || b[i - 1] === ',' || b[i - 1] === '、')) end = i;
    }
    const value = trimPunct(b.slice(p, end));
    p = end;
    if (!value) bad(ctx, d(ctx, `${f[0]}后面要写值`, `${f[0]} needs a value`));
    if (f[1] === 'armies' && !/^\d{1,9} ?军?$/.test(value)) bad(ctx, d(ctx, `兵力要写0或正整数，不是'${clip(value)}'`, `armies must be a whole number ≥ 0, not '${clip(value)}'`));
    if (f[1] === 'score' && !/^[-+]?\d{1,9} ?分?$/.test(value)) bad(ctx, d(ctx, `分数要写整数，不是'${clip(value)}'`, `score must be a whole number, not '${clip(value)}'`));
    pairs.push({ field: f[1], value });
  }
  if (!pairs.length) bad(ctx);
  return () => pairs.map(({ field, value }): Command => {
    if (field === 'score') return { kind: 'set', target: country(ctx, target), field, value: Number(value.replace(/[ 分+]/g, '')) };
    const t = territory(ctx, target);
    if (field === 'armies') return { kind: 'set', target: t, field, value: Number(value.replace(/[ 军]/g, '')) };
    const owner = NEUTRAL.includes(value.toLowerCase()) ? null : country(ctx, value);
    return { kind: 'set', target: t, field, value: owner };
  });
}

function parseRule(ctx: Ctx, b: string): Thunk {
  const s = b.replace(/ ?([=:]) ?/g, '$1');
  const toks = s.split(/[ ,、;]+/).filter(Boolean);
  if (!toks.length) bad(ctx);
  const out: Command[] = [];
  for (const tok of toks) {
    let eq = tok.indexOf('=');
    if (eq < 0) eq = tok.indexOf(':');
    const key = eq < 0 ? '' : tok.slice(0, eq);
    const value = eq < 0 ? '' : trimPunct(tok.slice(eq + 1));
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(key) || !value || value.includes('=')) {
      bad(ctx, d(ctx, `看不懂'${clip(tok)}'，每项写成 名称=值`, `cannot read '${clip(tok)}'; write key=value`));
    }
    out.push({ kind: 'rule', key, value });
  }
  return () => out;
}

// ---------------------------------------------------------------------------------------------- dispatch

const noArgs = (ctx: Ctx, b: string, c: Command): Thunk => {
  if (b) bad(ctx, d(ctx, `多了'${clip(b)}'`, `unexpected '${clip(b)}'`));
  return () => [c];
};

/** Parse one command's normalized body. Throws Fail for a syntax error; the thunk throws for a name error. */
export function parseBody(ctx: Ctx, b: string): Thunk {
  const lex = ctx.lex;
  switch (ctx.name) {
    case '宣战': case '求和': case '结盟': case '背盟': case '协定': case '交易': case '效忠':
    case '傀儡': case '灭国': case '领土要求': case '独立': {
      const ans = findAnswer(b);
      if (!ans) {
        const t = diplomacy(ctx, b);
        return () => [t()];
      }
      if (!ANSWERABLE.includes(ctx.name)) bad(ctx, d(ctx, `【${ctx.name}】不需要对方答复`, `【${ctx.name}】 is not answered`));
      const t = diplomacy(ctx, ans.req);
      let counter: Counter | null = null;
      if (ans.answer === 'counter') {
        if (ctx.name === '交易') counter = parseCounter(ctx, ans.after, 'trade');
        else if (ctx.name === '求和') counter = parseCounter(ctx, ans.after, 'terms');
        else bad(ctx, d(ctx, `【${ctx.name}】没有条件可协商，请回答同意或拒绝`, `【${ctx.name}】 has no terms to negotiate: answer 同意 or 拒绝`));
      }
      return () => {
        const request = t() as Request;
        const c: Command = { kind: 'answer', answer: ans.answer, request };
        return [counter ? { ...c, ...resolveCounter(ctx, counter) } : c];
      };
    }
    case '同意': return noArgs(ctx, b, { kind: 'answer', answer: 'accept' });
    case '拒绝': return noArgs(ctx, b, { kind: 'answer', answer: 'reject' });
    case '协商': {
      const c = parseCounter(ctx, b, 'any');
      return () => [{ kind: 'answer', answer: 'counter', ...resolveCounter(ctx, c) }];
    }
    case '退出': {
      const o = optCountry(ctx, b, (r) => r === '', true);
      return () => [{ kind: 'leave', ...withCountry(ctx, o.country) }];
    }
    case '调兵': case '空运': {
      const r = parseRoute(ctx, b, true);
      const kind = ctx.name === '调兵' ? 'move' : 'airlift';
      return () => [{ kind, from: territory(ctx, r.from), to: territory(ctx, r.to), count: r.count }];
    }
    case '撤销': {
      if (!b) bad(ctx, d(ctx, '要写明撤销哪条命令', 'which order?'));
      if (['全部', '所有', '全部命令', 'all'].includes(b.toLowerCase())) return () => [{ kind: 'cancel' }];
      const r = parseRoute(ctx, b, false);
      return () => [{ kind: 'cancel', from: territory(ctx, r.from), to: territory(ctx, r.to) }];
    }
    case '军事': {
      const ok = (r: string) => /^\d{1,9} ?(?:军|分|个)?$/.test(r);
      const o = optCountry(ctx, b, ok, false);
      const n = parseInt(o.rest, 10);
      if (!(n >= 1)) bad(ctx, d(ctx, '数量至少是1', 'at least 1'));
      return () => [{ kind: 'buy', n, ...withCountry(ctx, o.country) }];
    }
    case '科技': {
      const o = optCountry(ctx, b, (r) => parseTech(r) !== null, false);
      const t = parseTech(o.rest)!;
      if (t.n.length > 9) bad(ctx, d(ctx, '数字太大', 'number too large'));
      const n = Number(t.n);
      if (n < 1) bad(ctx, d(ctx, '投入至少1分', 'invest at least 1'));
      return () => [{ kind: 'tech', tech: t.tech, n, ...withCountry(ctx, o.country) }];
    }
    case '动员': {
      const o = optCountry(ctx, b, (r) => mobilizeWord(r) !== undefined, false);
      const [w, type] = mobilizeWord(o.rest)!;
      const placement = parsePlacement(ctx, trimPunct(o.rest.slice(w.length)));
      const need = type === 'partial' ? ctx.partialArmies : ctx.nationalArmies;
      const sum = placement.reduce((a, x) => a + x.n, 0);
      if (placement.length && sum !== need) {
        bad(ctx, d(ctx, `${type === 'partial' ? '部分' : '全国'}动员的分配合计必须正好是${need}，现在是${sum}`,
          `a ${type} mobilization's split must add up to exactly ${need}, not ${sum}`));
      }
      return () => [{ kind: 'mobilize', type, placement: placement.map((x) => ({ territory: territory(ctx, x.name), n: x.n })), ...withCountry(ctx, o.country) }];
    }
    case '工业': case '完成': case '取消完成': case '窥探': case '分数': case '状态': case '命令': {
      const o = optCountry(ctx, b, (r) => r === '', true);
      return () => {
        const c = withCountry(ctx, o.country);
        switch (ctx.name) {
          case '工业': return [{ kind: 'industry', ...c }];
          case '完成': return [{ kind: 'commit', ...c }];
          case '取消完成': return [{ kind: 'uncommit', ...c }];
          case '窥探': return [{ kind: 'spy', ...c }];
          case '分数': return [{ kind: 'query', what: 'scores', ...c }];
          case '状态': return [{ kind: 'query', what: 'status', ...c }];
          default: return [{ kind: 'query', what: 'orders', ...c }];
        }
      };
    }
    case '地图': {
      if (!b) return () => [{ kind: 'query', what: 'map' }];
      const ent = entityOf(lex, b);
      if (ent?.kind === 'region') return () => [{ kind: 'query', what: 'map', region: ent.id }];
      const regions = lex.ex[ctx.lang].regions;
      bad(ctx, regions.length ? d(ctx, `没有'${clip(b)}'这个区域，可用：${regions.join('、')}`, `no region '${clip(b)}'; regions: ${regions.join(', ')}`)
        : d(ctx, '这张地图没有区域', 'this map has no regions'));
    }
    // falls through never: bad() throws
    case '帮助': return () => [{ kind: 'query', what: 'help' }];
    case '结算': return noArgs(ctx, b, { kind: 'resolve' });
    case '暂停': return noArgs(ctx, b, { kind: 'pause' });
    case '继续': return noArgs(ctx, b, { kind: 'resume' });
    case '撤回': return noArgs(ctx, b, { kind: 'undo' });
    case '延时': {
      const s = parseDuration(b);
      if (s === 0) bad(ctx, d(ctx, '延长的时间要大于0', 'the extension must be longer than 0'));
      if (s === null) bad(ctx, b ? d(ctx, `看不懂时间'${clip(b)}'`, `cannot read the time '${clip(b)}'`) : d(ctx, '要写明延长多久', 'how long?'));
      return () => [{ kind: 'extend', seconds: s }];
    }
    case '设置': return parseSet(ctx, b);
    case '规则': return parseRule(ctx, b);
    case '托管': case '接管': {
      // R13: the judge takes a country's player away (civil disorder) or gives it back.
      if (!b) bad(ctx, d(ctx, '要写明哪个国家', 'which country?'));
      const player = ctx.name === '接管';
      const name = b;
      return () => [{ kind: 'control', country: country(ctx, name), player }];
    }
    case '机器人': {
      // Issue 13: 【机器人】法国 [风格] seats a computer player (before the start: the lobby; later: a country without a player).
      if (!b) bad(ctx, d(ctx, '要写明哪个国家：【机器人】法国 进攻', 'which country? 【机器人】法国 进攻'));
      const ms = matchNames(ctx.lex, b, 0).filter((m) => m.ent.kind === 'country');
      const longest = ms[ms.length - 1];
      const sp = b.search(/\s/);
      const name = longest ? b.slice(0, longest.end) : sp < 0 ? b : b.slice(0, sp);
      const styleWord = trimPunct(b.slice(name.length));
      const style = styleWord === '' ? 'balanced' : botStyleOf(styleWord);
      if (style === null) throw new Fail('UNKNOWN_STYLE', d(ctx, `没有'${clip(styleWord)}'这种机器人风格；可选：${BOT_STYLE_WORDS.zh}`, `no computer player style '${clip(styleWord)}'; styles: ${BOT_STYLE_WORDS.en}`));
      return () => [{ kind: 'bot', country: country(ctx, name), style }];
    }
    case '结束': {
      // R13: the judge ends the game; winners may be named (else the highest score wins).
      if (!b) return () => [{ kind: 'endGame' }];
      const names = b.split(/[、，,和\s]+/).filter(Boolean);
      return () => [{ kind: 'endGame', winners: names.map((n) => country(ctx, n)) }];
    }
  }
}
