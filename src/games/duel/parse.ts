/**
 * Europe Duel's text commands (duel.md D10.1): orders (调兵 all/half, 驻守), routes (路线, D5), cancelling
 * (撤销 X|全部, 撤销 路线 X|#id|全部), the helper's mode and brush (助手, D6.9), the rally point (集结点, D6.5), ready
 * (准备 = 完成, 取消准备 = 取消完成) and resign (认输); the queries 状态 and 帮助. Names: Chinese, English, id or
 * alias. Not yet: Traditional Chinese, the judge's commands, leaderboard and rating queries.
 */
import { findName, normalizeName } from '../europe/map/index.ts';
import type { DuelGraph } from './board.ts';
import type { DuelCommand } from './engine.ts';
import type { Order } from './orders.ts';
import { modeWord, regionTerritories } from './helpers.ts';

export type Parsed =
  | { ok: true; command: DuelCommand | { kind: 'query'; what: 'status' | 'help' }; text: string }
  | { ok: false; code: 'UNKNOWN_COMMAND' | 'BAD_SYNTAX' | 'UNKNOWN_TERRITORY' | 'COUNT_NOT_ALLOWED' | 'WRONG_GAME'; message: string; text: string };

const SEGMENT = /[【〖［\[]\s*([^】〗］\]]+?)\s*[】〗］\]]([^【〖［\[]*)/g;
const ARROW = /\s*(?:→|->|=>|＞|>|至|到)\s*/;
/** New European War's commands: a duel refuses them as WRONG_GAME rather than as unknown (D10.1). */
const WAR_MODE = new Set(['宣战', '求和', '投降', '结盟', '背盟', '协定', '交易', '同意', '拒绝', '协商', '纳贡', '傀儡', '吞并', '索要', '独立', '退出', '空运', '购买', '工业', '科技', '动员', '窥探']);
const L = (lang: 'zh' | 'en', zh: string, en: string) => (lang === 'en' ? en : zh);

/** An order's or route's last word: 一半/半/half or 全部/全/all (all by default), and the text before it. */
function countSuffix(body: string): { count: 'all' | 'half'; path: string; last: string } {
  const words = body.split(/\s+/);
  const last = words.length > 1 ? words[words.length - 1]! : '';
  if (/^(一半|半|half)$/i.test(last)) return { count: 'half', path: words.slice(0, -1).join(' '), last };
  if (/^(全部|全|all)$/i.test(last)) return { count: 'all', path: words.slice(0, -1).join(' '), last };
  return { count: 'all', path: body, last };
}

function territory(g: DuelGraph, name: string): string | null {
  const id = findName(g.map.territoryByName, name.trim());
  return id && g.kind.has(id) ? id : null;
}

/** The commands of one chat message, in order; none when it holds no 【】 command. */
export function parseDuel(g: DuelGraph, text: string, lang: 'zh' | 'en'): Parsed[] {
  const out: Parsed[] = [];
  for (const m of text.matchAll(SEGMENT)) {
    const name = normalizeName(m[1]!);
    const body = m[2]!.trim();
    const raw = m[0].trim();
    const unknown = (place: string): Parsed => ({ ok: false, code: 'UNKNOWN_TERRITORY', message: L(lang, `地图上没有"${place}"（对决中兵工厂不算领土）`, `no territory "${place}" on the map (arsenals are not part of a duel)`), text: raw });
    switch (name) {
      case '调兵': {
        const { count, path, last } = countSuffix(body);
        if (/^\d+$/.test(last)) { out.push({ ok: false, code: 'COUNT_NOT_ALLOWED', message: L(lang, '对决中调兵只有"全部"或"一半"，不能写数字；例如【调兵】甲都→甲城 一半', 'a duel order moves all or half, never a number; e.g. 【调兵】a→b half'), text: raw }); continue; }
        const ends = path.split(ARROW);
        if (ends.length !== 2 || !ends[0] || !ends[1]) { out.push({ ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【调兵】出发地→目的地 [全部|一半]', 'usage: 【调兵】from→to [all|half]'), text: raw }); continue; }
        const from = territory(g, ends[0]);
        const to = territory(g, ends[1]);
        if (!from) { out.push(unknown(ends[0])); continue; }
        if (!to) { out.push(unknown(ends[1])); continue; }
        const order: Order = from === to ? { kind: 'stand', from } : { kind: 'move', from, to, count };
        out.push({ ok: true, command: { kind: 'order', order }, text: raw });
        continue;
      }
      case '驻守': {
        const names = body.split(/[、，,\s]+/).filter(Boolean);
        if (!names.length) { out.push({ ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【驻守】领土、领土…', 'usage: 【驻守】place, place…'), text: raw }); continue; }
        for (const n of names) {
          const id = territory(g, n);
          out.push(id ? { ok: true, command: { kind: 'order', order: { kind: 'stand', from: id } }, text: raw } : unknown(n));
        }
        continue;
      }
      case '路线': {
        // D5.2: 【路线】X→P1→…→Pn [全部|一半], all by default.
        const { count, path } = countSuffix(body);
        const names = path.split(ARROW).map((x) => x.trim()).filter(Boolean);
        if (names.length < 2) { out.push({ ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【路线】出发地→地点→…→终点 [全部|一半]', 'usage: 【路线】from→point→…→end [all|half]'), text: raw }); continue; }
        const ids = names.map((x) => territory(g, x));
        const bad = ids.findIndex((x) => !x);
        if (bad >= 0) { out.push(unknown(names[bad]!)); continue; }
        out.push({ ok: true, command: { kind: 'route', from: ids[0]!, points: ids.slice(1) as string[], count }, text: raw });
        continue;
      }
      case '撤销': {
        // D5.6: 【撤销】路线 X | #3 | 全部.
        const rm = /^路线\s*(.*)$/.exec(body);
        if (rm) {
          const t = rm[1]!.trim();
          if (!t) { out.push({ ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【撤销】路线 领土 | #编号 | 全部', 'usage: 【撤销】路线 place | #id | 全部'), text: raw }); continue; }
          if (/^(全部|all)$/i.test(t)) { out.push({ ok: true, command: { kind: 'cancelRoute', target: 'all' }, text: raw }); continue; }
          const num = /^[#＃](\d+)$/.exec(t);
          if (num) { out.push({ ok: true, command: { kind: 'cancelRoute', target: { id: Number(num[1]) } }, text: raw }); continue; }
          const id = territory(g, t);
          out.push(id ? { ok: true, command: { kind: 'cancelRoute', target: { node: id } }, text: raw } : unknown(t));
          continue;
        }
        // The war mode's 【撤销】X→Y is read as 【撤销】X (D10.1).
        const what = body.split(ARROW)[0]!.trim();
        if (/^(全部|all)$/i.test(what)) { out.push({ ok: true, command: { kind: 'cancel', from: 'all' }, text: raw }); continue; }
        const id = territory(g, what);
        out.push(id ? { ok: true, command: { kind: 'cancel', from: id }, text: raw } : unknown(what));
        continue;
      }
      case '助手': {
        // D6.9: 【助手】模式 sets the default; 【助手】模式 X、Y… or 模式 区域 R paints; 【助手】清除 X…|区域 R|全部.
        const words = body.split(/[、，,\s]+/).filter(Boolean);
        const head = words.shift() ?? '';
        const clear = head === '清除';
        const mode = clear ? null : modeWord(head);
        if (!clear && !mode) { out.push({ ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【助手】普通|扩张|集结|防守 [领土、… | 区域 名称]，或【助手】清除 领土…|区域 名称|全部', 'usage: 【助手】普通|扩张|集结|防守 [places | 区域 region], or 【助手】清除 places|区域 region|全部'), text: raw }); continue; }
        let ids: string[] | 'all' | null = null;
        if (words[0] === '区域') {
          const region = findName(g.map.regionByName, words.slice(1).join(' '));
          const inside = region ? regionTerritories(g, region) : null;
          if (!inside) { out.push({ ok: false, code: 'UNKNOWN_TERRITORY', message: L(lang, `没有叫"${words.slice(1).join(' ')}"的区域`, `no region "${words.slice(1).join(' ')}"`), text: raw }); continue; }
          ids = inside;
        } else if (clear && /^(全部|all)$/i.test(words[0] ?? '')) ids = 'all';
        else if (words.length) {
          const found = words.map((w) => territory(g, w));
          const bad = found.findIndex((x) => !x);
          if (bad >= 0) { out.push(unknown(words[bad]!)); continue; }
          ids = found as string[];
        }
        if (clear) out.push(ids ? { ok: true, command: { kind: 'clearPaint', ids }, text: raw } : { ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【助手】清除 领土…|区域 名称|全部', 'usage: 【助手】清除 places|区域 region|全部'), text: raw });
        else out.push({ ok: true, command: { kind: 'helper', mode: mode!, ...(ids && ids !== 'all' ? { paint: ids } : {}) }, text: raw });
        continue;
      }
      case '集结点': {
        // D6.5: 【集结点】X sets the rally point ⚑, 【集结点】取消 clears it.
        if (/^(取消|清除|cancel)$/i.test(body)) { out.push({ ok: true, command: { kind: 'rally', at: null }, text: raw }); continue; }
        const id = territory(g, body);
        out.push(id ? { ok: true, command: { kind: 'rally', at: id }, text: raw } : unknown(body));
        continue;
      }
      case '准备': case '完成': out.push({ ok: true, command: { kind: 'ready' }, text: raw }); continue;
      case '取消准备': case '取消完成': out.push({ ok: true, command: { kind: 'unready' }, text: raw }); continue;
      case '认输': out.push({ ok: true, command: { kind: 'resign' }, text: raw }); continue;
      case '状态': out.push({ ok: true, command: { kind: 'query', what: 'status' }, text: raw }); continue;
      case '帮助': out.push({ ok: true, command: { kind: 'query', what: 'help' }, text: raw }); continue;
      default:
        out.push(WAR_MODE.has(name)
          ? { ok: false, code: 'WRONG_GAME', message: L(lang, `【${name}】是新欧洲战争的命令，对决中没有；对决用【调兵】【驻守】【撤销】【准备】【认输】`, `【${name}】 is a New European War command; a duel has 【调兵】【驻守】【撤销】【准备】【认输】`), text: raw }
          : { ok: false, code: 'UNKNOWN_COMMAND', message: L(lang, `没有【${name}】这个命令；对决用【调兵】【驻守】【撤销】【准备】【认输】【状态】【帮助】`, `no command 【${name}】; a duel has 【调兵】【驻守】【撤销】【准备】【认输】【状态】【帮助】`), text: raw });
    }
  }
  return out;
}

