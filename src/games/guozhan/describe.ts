/**
 * The log rows and the open ask in Chinese, for the channel (X1: public rows; a seat's private rows go only to
 * it, X1.1) and for echoes (X6.3: an accepted command is echoed in normal form with suit, rank and id).
 */
import { cardText, SLOT_ZH } from './cards.ts';
import { GENERALS, KINGDOM_ZH } from './generals.ts';
import type { Kingdom, LogRow, Slot, State } from './types.ts';

const PHASE: Record<string, string> = { prepare: '准备阶段', judge: '判定阶段', draw: '摸牌阶段', play: '出牌阶段', discard: '弃牌阶段', finish: '结束阶段' };
const NATURE: Record<string, string> = { normal: '', fire: '火焰', thunder: '雷电' };
const MARKER: Record<string, string> = { vanguard: '先驱', yinyang: '阴阳鱼', companion: '珠联璧合' };

const ids = (x: unknown) => (Array.isArray(x) ? (x as string[]).map(cardText).join('、') : '');

/** One row as a sentence, or null for rows the channel does not need (phase markers are folded into the turn line). */
export function rowText(s: State, r: LogRow): string | null {
  const n = (i: unknown) => (typeof i === 'number' ? s.players[i]?.name ?? '?' : '—');
  const who = n(r.seat);
  const targets = Array.isArray(r.targets) && r.targets.length ? ` → ${(r.targets as number[]).map(n).join('、')}` : '';
  switch (r.t) {
    case 'turn': return `── 第${r.n}回合：${who} ──`;
    case 'phase': return r.phase === 'play' ? `${who}进入${PHASE.play}` : null;
    case 'skip': return `${who}跳过${PHASE[r.phase as string] ?? r.phase}`;
    case 'draw': return `${who}摸了${r.n}张牌${r.why && r.why !== 'drawPhase' ? `（${r.why}）` : ''}`;
    case 'drawn': return `你摸到：${ids(r.cards)}`;
    case 'use':
      if (r.against) return `${who} 使用 ${r.card}，抵消【${r.against}】${Array.isArray(r.targets) && r.targets.length ? `对${n((r.targets as number[])[0])}的效果` : ''}${r.whole ? '（全势力）' : ''}`;
      return `${who} 使用 ${r.card}${targets}${r.victim !== undefined ? ` → ${n(r.victim)}` : ''}`;
    case 'play': return `${who} 打出 ${r.card}`;
    case 'equip': return `${who} 装备 ${cardText(r.card as string)}`;
    case 'damage': return `${who} 受到${r.source === null ? '' : `${n(r.source)}造成的`}${r.n}点${NATURE[r.nature as string] ?? ''}伤害（体力${r.hp}）${r.chained ? '〔连环〕' : ''}`;
    case 'loseHp': return `${who} 失去${r.n}点体力（体力${r.hp}）`;
    case 'recover': return `${who} 回复${r.n}点体力（体力${r.hp}）`;
    case 'dying': return `⚠️ ${who} 濒死（体力${r.hp}）`;
    case 'saved': return `${who} 脱离濒死（体力${r.hp}）`;
    case 'death': return `💀 ${who} 阵亡${r.killer !== null && r.killer !== undefined ? `（${n(r.killer)}击杀）` : ''}`;
    case 'reveal': return `${who} 明置${r.which === 'main' ? '主将' : '副将'}：${GENERALS[r.general as string]?.zh ?? r.general}`;
    case 'kingdom': return r.careerist ? `${who} 成为野心家！` : `${who} 的势力：${KINGDOM_ZH[r.kingdom as Kingdom]}`;
    case 'marker': return (r.n as number) > 0 ? `${who} 获得【${MARKER[r.marker as string]}】标记` : `${who} 弃置【${MARKER[r.marker as string]}】标记`;
    case 'judge': return `${who} 的判定（${r.reason}）：${cardText(r.card as string)}`;
    case 'delayed': return `${who} 的${r.name}开始判定`;
    case 'effect': return `${who}：${r.name}生效（${r.result === 'skipPlay' ? '跳过出牌阶段' : r.result === 'skipDraw' ? '跳过摸牌阶段' : '命中'}）`;
    case 'lightningMoves': return `闪电移到${who}的判定区`;
    case 'lightningStays': return `闪电留在${who}的判定区`;
    case 'nullified': return `${r.card}对${who}无效${r.whole ? '（全势力）' : ''}`;
    case 'noEffect': return `${r.card}对${who}无效${r.armor ? `（${r.armor}）` : ''}`;
    case 'invalidate': return `${who}的${GENERALS[r.general as string]?.zh ?? r.general}的非锁定技本回合失效（${r.why}）`;
    case 'noJink': return `${who}不能使用【闪】响应${r.card}`;
    case 'transfer': return `${who}发动【${r.why}】：${n(r.target)}代替其成为${r.card}的目标`;
    case 'discard': return r.seat === undefined ? `弃置 ${ids(r.cards)}` : `${who} 弃置 ${ids(r.cards)}`;
    case 'discardOther': return `${who} 弃置了${n(r.target)}的${cardText(r.card as string)}`;
    case 'take': return `${who} 获得了${n(r.from)}的${r.card ? cardText(r.card as string) : '一张手牌'}`;
    case 'taken': return `（${who}从${n(r.from)}处获得的是 ${cardText(r.card as string)}）`;
    case 'pindian': return `${who} 与${n(r.target)}拼点（${r.skill}）：${cardText((r.cards as string[])[0]!)} 对 ${cardText((r.cards as string[])[1]!)}，${r.win ? '赢' : '没赢'}`;
    case 'gift': return `${who} 将${r.n}张牌交给${n(r.receiver)}（${r.why}）`;
    case 'given': return `（${who}交给${n(r.receiver)}的是 ${ids(r.cards)}）`;
    case 'give': return `${who} 将${cardText(r.card as string)}交给${n(r.receiver)}（${r.why}）`;
    case 'gain': return `${who} 获得 ${cardText(r.card as string)}（${r.why}）`;
    case 'reveal5': return `五谷丰登亮出：${ids(r.cards)}`;
    case 'show': return `${who} 展示 ${cardText(r.card as string)}`;
    case 'chain': return `${who} ${r.chained ? '横置' : '重置'}`;
    case 'recast': return `${who} 重铸 ${cardText(r.card as string)}`;
    case 'known': return `${who} 对${n(r.target)}选择了"${r.option}"`;
    case 'vanguardLook': return `${who} 观看了${n(r.target)}的${r.which === 'main' ? '主将' : '副将'}`;
    case 'look': return `你看到${n(r.target)}的${r.which === 'main' ? '主将' : '副将'}：${GENERALS[r.general as string]?.zh ?? r.general}`;
    case 'seen': return `你看到（${r.what}）：${ids(r.cards)}`;
    case 'equipSkill': return `${who} 发动${r.skill}`;
    case 'prevented': return r.why === '护心镜' ? `${who} 的护心镜防止了此伤害` : `${n(r.source)}的寒冰剑防止了对${who}的伤害`;
    case 'armor': return r.effect === 'cap' ? `${who} 的白银狮子将伤害减至1点` : r.effect === 'noChain' ? `${who} 的明光铠：小势力角色不能横置` : null;
    // 势备篇 (G18, C-SA).
    case 'alliance': return `${who} 连横：交给${n(r.receiver)}${r.n}张牌`;
    case 'given': return `（${who}交给${n(r.receiver)}的是 ${ids(r.cards)}）`;
    case 'removedFromTable': return `${who} 被调虎离山移出游戏，直到回合结束`;
    case 'removedFromGame': return `${cardText(r.card as string)} 被移出游戏（敕令）`;
    case 'cancelled': return `${who} 的${r.armor ?? `【${r.skill}】`}：取消成为${r.card}的目标`;
    case 'extraTurn': return `${who} 将获得一个额外回合（${r.why}）`;
    case 'extraTurnLost': return `${who} 已阵亡，额外回合作废`;
    case 'imperialOrder': return '敕令：没有势力的角色依次执行敕令的效果';
    case 'imperialChoice': return `${who} 选择：${r.option}`;
    // Skills (triggers.ts) and the engine moves they use.
    case 'skill': return `${who} 发动【${r.skill}】`;
    case 'retrial': return `${who} 改判：${n(r.judge)}的判定牌改为 ${cardText(r.card as string)}`;
    case 'skillsLost': return `${who} 失去了${r.which === 'main' ? '主将' : '副将'}的所有技能（${r.why}）`;
    case 'scarFails': return `${cardText(r.card as string)} 与${who}的创点数相同，置入弃牌堆（不屈）`;
    case 'pileAdd': return `${cardText(r.card as string)} 置于${who}的武将牌上（${r.pile}）`;
    case 'hide': return `${who} 暗置了${r.which === 'main' ? '主将' : '副将'}`;
    case 'wine': return `${who} 的【酒】使此【杀】伤害+1`;
    case 'reward': return `${who} 击杀奖励：摸${r.n}张牌`;
    case 'penalty': return `${who} 击杀同势力角色：弃置所有手牌和装备`;
    case 'reshuffle': return `牌堆不足：弃牌堆洗入牌堆（第${r.n}次，${r.count}张）`;
    case 'aozhan': return '⚔️ 鏖战模式开始：【桃】只能当【杀】或【闪】使用或打出';
    case 'faceUp': return `${who} 翻回正面，跳过本回合`;
    case 'playEnd': return r.timeout ? `${who} 的出牌阶段超时结束` : null;
    case 'picked': case 'setup': case 'turnEnd': return null;
    case 'gameEnd': {
      if (r.how === 'draw') return `🏁 游戏结束：平局（${r.reason === 'reshuffleLimit' ? '洗牌次数用尽' : r.reason === 'noCards' ? '牌堆耗尽' : '无人存活'}）`;
      if (r.how === 'abort') return '🏁 裁判中止了游戏';
      return `🏁 游戏结束：${r.text}胜利！胜者：${(r.winners as number[]).map(n).join('、')}`;
    }
  }
  return null;
}

/** The open prompt for the channel: who, what, until when (X5). */
export function askText(s: State): string | null {
  const a = s.ask;
  if (!a) return null;
  const who = a.seats.map((i) => s.players[i]!.name).join('、');
  const secs = Math.max(0, Math.round((a.deadline - a.openedAt) / 1000));
  if (a.kind === 'nullify') return `⏳ 无懈可击时机（${secs}秒）：${a.text}`;
  // G21.9 / X2: a private prompt's question is its owner's alone.
  return `⏳ 等待${who}（${secs}秒）：${a.secret && a.kind !== 'pick' ? '私密提示' : a.text}`;
}

export const slotText = (x: Slot) => SLOT_ZH[x];
