import { mapExamples, type GameMap } from '../../europe/map/index.ts';
import { TECH_NAMES_LOCAL } from './technames.ts';
import { hardCloseAt, ownDeadline } from './state.ts';
import { cn, L, list, tn, type Lang } from './text.ts';
import type { CountryId, GameEvent, GameState, Order, PayReason } from './types.ts';

const REASONS: Record<PayReason, [string, string]> = {
  income: ['收入', 'income'], tribute: ['贡金', 'tribute'], capture: ['占领奖励', 'capture bonus'], late: ['超时罚分', 'lateness'],
  upkeep: ['战争维持费', 'war upkeep'], warCost: ['宣战', 'war declaration'], lossDeduction: ['领土扣分', 'loss deduction'],
  peace: ['战争基础分', 'peace base'], reparations: ['战争赔款', 'reparations'], annex: ['灭国', 'annexation'], stacking: ['堆叠惩罚', 'stacking penalty'],
  buy: ['购买军队', 'armies bought'], industry: ['工业发展', 'industry'], tech: ['科技投入', 'tech'], break: ['背盟', 'alliance broken'],
  pact: ['协定', 'pact'], independence: ['独立', 'independence'], trade: ['交易', 'trade'], judge: ['裁判设置', 'judge'], puppetReset: ['成为傀儡', 'puppet reset'],
};

export function reasonText(r: PayReason, lg: Lang): string {
  return REASONS[r][lg === 'en' ? 1 : 0];
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** One line for players per event (issue 2 §6); null for events that are only bookkeeping. */
export function describeEvent(map: GameMap, ev: GameEvent, lg: Lang): string | null {
  const C = (c: CountryId | null) => cn(map, c, lg);
  const T = (t: string) => tn(map, t, lg);
  const l = (zh: string, en: string) => (lg === 'en' ? en : zh);
  switch (ev.type) {
    case 'score': return l(`${C(ev.country)} ${signed(ev.delta)}分（${reasonText(ev.reason, lg)}）`, `${C(ev.country)} ${signed(ev.delta)} (${reasonText(ev.reason, lg)})`);
    case 'turnOpened': return l(`第${ev.turn}回合开始`, `Turn ${ev.turn} opens`);
    case 'turnResolved': return l(`第${ev.turn}回合结算${ev.forced ? '（裁判强制）' : ''}`, `Turn ${ev.turn} resolved${ev.forced ? ' (forced by the judge)' : ''}`);
    case 'committed': return l(`${C(ev.country)}完成${ev.late ? '（超时）' : ''}`, `${C(ev.country)} committed${ev.late ? ' (late)' : ''}`);
    case 'uncommitted': return l(`${C(ev.country)}取消完成`, `${C(ev.country)} reopened`);
    case 'late': return l(`${C(ev.country)}超时`, `${C(ev.country)} was late`);
    case 'warDeclared': return l(`${C(ev.attacker)}向${C(ev.defender)}宣战${ev.intervention ? '（介入）' : ''}，第${ev.activeFrom}回合起生效`, `${C(ev.attacker)} declared war on ${C(ev.defender)}${ev.intervention ? ' (intervention)' : ''}, active from turn ${ev.activeFrom}`);
    case 'warActive': return l(`${C(ev.attacker)}与${C(ev.defender)}的战争生效`, `The war ${C(ev.attacker)}–${C(ev.defender)} is active`);
    case 'warEnded': return l(`${C(ev.winner)}与${C(ev.loser)}的战争结束，${C(ev.winner)}胜`, `The war ${C(ev.winner)}–${C(ev.loser)} ended; ${C(ev.winner)} won`);
    case 'attackerSwitched': return l(`${C(ev.newAttacker)}成为这场战争的进攻方`, `${C(ev.newAttacker)} is now the attacker`);
    case 'deploy': return l(`${C(ev.country)}的${ev.n}军${ev.source === 'buy' ? '进入兵工厂' : '动员到'}${ev.source === 'buy' ? '' : T(ev.territory)}`, `${ev.n} armies of ${C(ev.country)} ${ev.source === 'buy' ? 'enter the arsenal' : `mobilized in ${T(ev.territory)}`}`);
    case 'airlift': return l(`${C(ev.country)}空运${ev.n}军：${T(ev.from)}→${T(ev.to)}`, `${C(ev.country)} airlifted ${ev.n}: ${T(ev.from)}→${T(ev.to)}`);
    case 'move': return l(`${C(ev.country)}：${T(ev.from)}→${T(ev.to)} ${ev.n}军`, `${C(ev.country)}: ${T(ev.from)}→${T(ev.to)} ${ev.n}`);
    case 'orderDropped': return l(`${C(ev.country)}的命令${T(ev.from)}→${T(ev.to)}作废：${ev.reason === 'overlord' ? '宗主国的命令优先' : ev.reason}`, `${C(ev.country)}'s order ${T(ev.from)}→${T(ev.to)} dropped: ${ev.reason === 'overlord' ? 'the overlord\'s order wins' : ev.reason}`);
    case 'orderShrunk': return l(`${C(ev.country)}的命令${T(ev.from)}→${T(ev.to)}兵力不足，${ev.wanted}军减为${ev.n}军`, `${C(ev.country)}'s order ${T(ev.from)}→${T(ev.to)} shrank from ${ev.wanted} to ${ev.n}`);
    case 'headOn': return l(`${C(ev.a.country)}（${ev.a.n}）与${C(ev.b.country)}（${ev.b.n}）在${T(ev.a.from)}与${T(ev.b.from)}之间遭遇：${ev.survivor ? `${C(ev.survivor)}剩${ev.left}军继续前进` : '同归于尽'}`,
      `${C(ev.a.country)} (${ev.a.n}) met ${C(ev.b.country)} (${ev.b.n}) between ${T(ev.a.from)} and ${T(ev.b.from)}: ${ev.survivor ? `${C(ev.survivor)} goes on with ${ev.left}` : 'both destroyed'}`);
    case 'melee': return l(`${T(ev.territory)}混战：${list(ev.entrants.map((e) => `${C(e.country)}${e.n}`), lg)}，${ev.survivor ? `${C(ev.survivor)}剩${ev.left}军` : '无人幸存'}`,
      `Melee in ${T(ev.territory)}: ${list(ev.entrants.map((e) => `${C(e.country)} ${e.n}`), lg)}; ${ev.survivor ? `${C(ev.survivor)} keeps ${ev.left}` : 'none survive'}`);
    case 'heldBack': return l(`${C(ev.country)}的${ev.n}军未能进入${T(ev.territory)}，留在原地`, `${C(ev.country)}'s ${ev.n} did not enter ${T(ev.territory)} and stay home`);
    case 'battle': {
      const need = ev.defenders * 1.5;
      return ev.won
        ? l(`进攻成功：${C(ev.attacker)}以${ev.attackers}军攻下${T(ev.territory)}（守军${ev.defenders}，需超过${need}），剩${ev.left}军`,
          `Attack succeeded: ${C(ev.attacker)} took ${T(ev.territory)} with ${ev.attackers} (defenders ${ev.defenders}, needed more than ${need}), ${ev.left} left`)
        : l(`进攻失败：${T(ev.territory)}守军${ev.defenders}，需要超过${need}才能攻下（${C(ev.attacker)}派出${ev.attackers}），守军剩${ev.left}`,
          `Attack failed: ${T(ev.territory)} had ${ev.defenders} defenders, more than ${need} were needed (${C(ev.attacker)} sent ${ev.attackers}); ${ev.left} defenders left`);
    }
    case 'reinforce': return l(`${C(ev.country)}增援${T(ev.territory)} ${ev.n}军`, `${C(ev.country)} reinforced ${T(ev.territory)} with ${ev.n}`);
    case 'seaLoss': return l(`${C(ev.country)}在${T(ev.sea)}的军队海上损耗：${ev.before}→${ev.after}`, `${C(ev.country)} at sea in ${T(ev.sea)}: ${ev.before}→${ev.after}`);
    case 'capture': return l(`${C(ev.to)}占领${T(ev.territory)}（原属${C(ev.from)}），驻军${ev.armies}`, `${C(ev.to)} captured ${T(ev.territory)} from ${C(ev.from)}, ${ev.armies} armies`);
    case 'capitalFell': return l(`直捣黄龙！${C(ev.loser)}的首都被${C(ev.capturer)}攻陷，${C(ev.loser)}无条件投降；${C(ev.capturer)}下回合内选择【傀儡】或【灭国】`, `${C(ev.loser)}'s capital fell to ${C(ev.capturer)}: ${C(ev.loser)} surrenders; ${C(ev.capturer)} chooses puppet or annex next turn`);
    case 'blockade': return l(`${C(ev.country)}的兵工厂被${list(ev.by.map(C), lg)}封锁`, `${C(ev.country)}'s arsenal is blockaded by ${list(ev.by.map(C), lg)}`);
    case 'stacking': return l(`${T(ev.territory)}超出堆叠上限${ev.over}军，${C(ev.country)}扣${ev.penalty}分`, `${T(ev.territory)} is ${ev.over} over its cap: ${C(ev.country)} −${ev.penalty}`);
    case 'transfer': return l(`${T(ev.territory)}由${C(ev.from)}转给${C(ev.to)}（${ev.armies}军）`, `${T(ev.territory)} passes from ${C(ev.from)} to ${C(ev.to)} (${ev.armies} armies)`);
    case 'armies': return l(`${T(ev.territory)}兵力${signed(ev.delta)}`, `${T(ev.territory)} armies ${signed(ev.delta)}`);
    case 'request': return null;
    case 'answered': return null;
    case 'lapsed': return l(`${C(ev.from)}对${C(ev.to)}的请求无人应答，已失效`, `${C(ev.from)}'s request to ${C(ev.to)} lapsed`);
    case 'alliance': return ev.made ? l(`${C(ev.a)}与${C(ev.b)}结盟`, `${C(ev.a)} and ${C(ev.b)} allied`) : l(`${C(ev.a)}解除与${C(ev.b)}的盟约`, `${C(ev.a)} broke with ${C(ev.b)}`);
    case 'pact': return l(`${C(ev.a)}与${C(ev.b)}互不侵犯，到第${ev.untilTurn}回合结束`, `${C(ev.a)}–${C(ev.b)} pact until the end of turn ${ev.untilTurn}`);
    case 'truce': return l(`${C(ev.winner)}到第${ev.untilTurn}回合结束前不得向${C(ev.loser)}宣战`, `${C(ev.winner)} may not declare war on ${C(ev.loser)} until the end of turn ${ev.untilTurn}`);
    case 'puppet': return ev.overlord ? l(`${C(ev.puppet)}成为${C(ev.overlord)}的傀儡国`, `${C(ev.puppet)} is now ${C(ev.overlord)}'s puppet`) : l(`${C(ev.puppet)}独立`, `${C(ev.puppet)} is independent`);
    case 'annexed': return l(`${C(ev.loser)}被${C(ev.by)}吞并`, `${C(ev.loser)} was annexed by ${C(ev.by)}`);
    case 'left': return l(`${C(ev.country)}退出游戏`, `${C(ev.country)} left the game`);
    case 'bankrupt': return l(`${C(ev.country)}破产！下回合内可【效忠】他国或【退出】，否则结算时退出（R12）`, `${C(ev.country)} is bankrupt: pledge or leave during the next turn (R12)`);
    case 'tech': return ev.done ? l(`${C(ev.country)}完成${TECH_NAMES_LOCAL[ev.tech][lg]}科技`, `${C(ev.country)} completed ${TECH_NAMES_LOCAL[ev.tech][lg]}`) : null;
    case 'mobilized': return l(`${C(ev.country)}${ev.kind === 'partial' ? '部分' : '全国'}动员（${ev.armies}军）`, `${C(ev.country)} ${ev.kind} mobilization (${ev.armies})`);
    case 'industry': return l(`${C(ev.country)}工业等级${ev.level}`, `${C(ev.country)} industry level ${ev.level}`);
    case 'victory': return l(`游戏结束！胜者：${list(ev.winners.map(C), lg)}`, `Game over! Winner: ${list(ev.winners.map(C), lg)}`);
    case 'judge': return l(`裁判${ev.name}：${ev.action}`, `Judge ${ev.name}: ${ev.action}`);
    case 'clock': return l(`计时：${ev.action === 'pause' ? '暂停' : ev.action === 'resume' ? '恢复' : '延时'}`, `Clock: ${ev.action}`);
    case 'notice': return ev.text;
  }
}

function countText(o: Order, lg: Lang): string {
  return o.count.kind === 'all' ? (lg === 'en' ? 'all' : '全部') : o.count.kind === 'half' ? (lg === 'en' ? 'half' : '一半') : String(o.count.n);
}

/** A country's orders this turn (【命令】, and what 【窥探】 shows). */
export function describeOrders(s: GameState, map: GameMap, c: CountryId): string {
  const lg = s.settings.language;
  const mine: Order[] = [];
  for (const k of Object.keys(s.orders)) for (const o of s.orders[k]!) if (k === c || o.by === c) mine.push(o);
  mine.sort((a, b) => a.seq - b.seq);
  const cs = s.countries[c];
  const parts = mine.map((o) => `${o.kind === 'airlift' ? L(s, '空运', 'airlift') + ' ' : ''}${tn(map, o.from, lg)}→${tn(map, o.to, lg)} ${countText(o, lg)}`);
  if (cs && cs.buying > 0) parts.push(L(s, `购买${cs.buying}军`, `buy ${cs.buying}`));
  if (cs && cs.placing.length > 0) parts.push(L(s, `动员：${list(cs.placing.map((p) => `${tn(map, p.territory, lg)}${p.n}`), lg)}`, `mobilize: ${list(cs.placing.map((p) => `${tn(map, p.territory, lg)} ${p.n}`), lg)}`));
  return parts.length ? parts.join(L(s, '；', '; ')) : L(s, '（本回合没有命令）', '(no orders this turn)');
}

/**
 * A clock time as Discord's timestamp markup, which Discord and the web page draw in each reader's own time
 * zone: the engine has no clock and no time zone, and a game's players may sit in several.
 */
const clockTime = (ms: number) => `<t:${Math.floor(ms / 1000)}:T>`;

/** A span of time in words, to the second: 2分15秒, 4分钟, 1小时5分 / 2 min 15 s. */
function span(ms: number, lg: Lang): string {
  const t = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), sec = t % 60;
  if (lg === 'en') return [h ? `${h} h` : '', m ? `${m} min` : '', sec || t === 0 ? `${sec} s` : ''].filter(Boolean).join(' ');
  if (h) return `${h}小时${m ? `${m}分` : ''}${sec ? `${sec}秒` : ''}`;
  if (m) return sec ? `${m}分${sec}秒` : `${m}分钟`;
  return `${sec}秒`;
}

/** 【状态】: the turn, the time left when asked (`at`), who has committed, and the speaker's own numbers. */
export function describeStatus(s: GameState, map: GameMap, c: CountryId | null, at: number): string {
  const lg = s.settings.language;
  const lines: string[] = [];
  const paused = s.clock.pausedAt !== null;
  if (s.status === 'ended') lines.push(L(s, `游戏已结束，胜者：${list((s.winner ?? []).map((w) => cn(map, w, lg)), lg)}`, `Game over; winner: ${list((s.winner ?? []).map((w) => cn(map, w, lg)), lg)}`));
  else {
    const left = Object.keys(s.countries).filter((x) => s.countries[x]!.alive && s.countries[x]!.player && !s.countries[x]!.committed);
    lines.push(L(s, `第${s.turn}回合${paused ? '（暂停中）' : ''}；未完成：${left.length ? list(left.map((x) => cn(map, x, lg)), lg) : '无'}`,
      `Turn ${s.turn}${paused ? ' (paused)' : ''}; not committed: ${left.length ? list(left.map((x) => cn(map, x, lg)), lg) : 'none'}`));
    if (paused) {
      // Resuming moves the deadline by the pause, so what was left when it stopped is what will be left.
      const rest = s.clock.deadlineAt - s.clock.pausedAt!;
      lines.push(L(s, `计时已暂停：恢复后还剩 ${span(rest, lg)}${rest <= 0 ? `（宽限还剩 ${span(hardCloseAt(s) - s.clock.pausedAt!, lg)}）` : ''}`,
        `the clock is paused: ${span(rest, lg)} left once it resumes${rest <= 0 ? ` (grace ${span(hardCloseAt(s) - s.clock.pausedAt!, lg)} left)` : ''}`));
    } else {
      const times = L(s, `（截止 ${clockTime(s.clock.deadlineAt)}，宽限至 ${clockTime(hardCloseAt(s))}）`, ` (deadline ${clockTime(s.clock.deadlineAt)}, hard close ${clockTime(hardCloseAt(s))})`);
      lines.push(at <= s.clock.deadlineAt
        ? L(s, `还剩 ${span(s.clock.deadlineAt - at, lg)}${times}`, `${span(s.clock.deadlineAt - at, lg)} left${times}`)
        : L(s, `已过截止 ${span(at - s.clock.deadlineAt, lg)}，宽限还剩 ${span(hardCloseAt(s) - at, lg)}${times}`,
          `${span(at - s.clock.deadlineAt, lg)} past the deadline, ${span(hardCloseAt(s) - at, lg)} of grace left${times}`));
    }
  }
  if (c && s.countries[c]) {
    const cs = s.countries[c]!;
    const own = ownDeadline(s, c);
    // R3.3: only a Spy country has a deadline of its own; everyone else's is the turn's, said above.
    const ownText = s.status === 'ended' || own === s.clock.deadlineAt ? ''
      : paused ? L(s, `，你的截止（间谍）恢复后还剩 ${span(own - s.clock.pausedAt!, lg)}`, `, your own deadline (Spy) ${span(own - s.clock.pausedAt!, lg)} left once resumed`)
        : L(s, `，你的截止（间谍）${clockTime(own)}，还剩 ${span(own - at, lg)}`, `, your own deadline (Spy) ${clockTime(own)}, ${span(own - at, lg)} left`);
    lines.push(L(s, `${cn(map, c, lg)}：${cs.score}分，工业${cs.industry}，兵工厂${s.arsenals[c] ?? 0}军，科技${cs.techDone.length ? list(cs.techDone.map((t) => TECH_NAMES_LOCAL[t].zh), lg) : '无'}${ownText}${cs.overlord ? `，宗主国${cn(map, cs.overlord, lg)}` : ''}${cs.bankrupt ? '，已破产' : ''}`,
      `${cn(map, c, lg)}: ${cs.score} points, industry ${cs.industry}, arsenal ${s.arsenals[c] ?? 0}, tech ${cs.techDone.length ? list(cs.techDone.map((t) => TECH_NAMES_LOCAL[t].en), lg) : 'none'}${ownText}${cs.overlord ? `, overlord ${cn(map, cs.overlord, lg)}` : ''}${cs.bankrupt ? ', bankrupt' : ''}`));
  }
  return lines.join('\n');
}

/** 【帮助】: the commands, with examples named from the game's own map (real, adjacent places; issue 11 item 22). */
export function helpText(lg: Lang, map: GameMap): string {
  const { c1, c2, t1, t2, t3 } = mapExamples(map, lg);
  const pair = `${c1}向${c2}`;
  if (lg === 'en') {
    return [
      'Commands (type in the channel or use slash commands):',
      `【宣战】${pair}宣战 · 【求和】${pair}请求停战，无条件 / 有条件。停战要求：割让${t3}，赔款20分 · 【求和】${pair}请求投降`,
      `【结盟】${pair}请求缔结盟约。 · 【背盟】 · 【协定】 · 【交易】${pair}提出交易申请，以20分交换${t3}。 · answers: 【同意】【拒绝】【协商】…`,
      `private orders: 【调兵】${t1}→${t2} 20 (or 全部 all / 一半 half) · 【撤销】${t1}→${t2} / 全部 · 【空运】 · 【军事】30 · 【工业】 · 【科技】空艇 50 · 【动员】部分 / 全国 ${t1}100 ${t2}100`,
      'turn: 【完成】 【取消完成】 【窥探】; queries: 【地图】 【分数】 【状态】 【命令】 【帮助】',
      `judge: 【机器人】${c1} 进攻 seats a computer player (均衡 balanced / 进攻 aggressive / 防守 defensive) in a free country`,
    ].join('\n');
  }
  return [
    '命令（在频道里输入，或用斜杠命令）：',
    `外交：【宣战】${pair}宣战 ·【求和】${pair}请求停战，无条件 / 有条件。停战要求：割让${t3}，赔款20分 ·【求和】${pair}请求投降`,
    `【结盟】${pair}请求缔结盟约。·【背盟】${pair}解散联盟。·【协定】${pair}请求互不侵犯协定。·【交易】${pair}提出交易申请，以（20分）交换（${t3}）。`,
    '回答：请求原文——同意。/——拒绝。/——协商。条件；或简写【同意】【拒绝】【协商】条件',
    `命令（保密）：【调兵】${t1}→${t2} 20（全部/一半）·【撤销】${t1}→${t2} /【撤销】全部 ·【空运】·【军事】30 ·【工业】·【科技】空艇 50 ·【动员】部分 /【动员】全国 ${t1}100 ${t2}100`,
    '回合：【完成】【取消完成】【窥探】；查询：【地图】【分数】【状态】【命令】【帮助】',
    `裁判：【机器人】${c1} 进攻 — 让机器人（均衡/进攻/防守）接手一个空着的国家`,
  ].join('\n');
}
