// 国战's panel on the local page (issue 20): the table in short (every seat's public state), the open prompt with who
// must act and its countdown, and — for a seat's own page only — its generals and its hand, with buttons that type
// the transcript grammar's commands (【杀】S014→乙, 【闪】, 【不出】, 【结束】, 【选择】曹操+典韦, 【弃牌】…). What it
// shows comes from the seat's own view, which the server pushes to this socket alone (Rules.view: no other seat's
// hand or hidden general is ever in it). Text goes in with textContent only.
import { $, addStyleSheet, el } from './dom.js';

let api = null;
const G = { channel: null, view: null, root: null, sel: new Set(), gens: [], targets: [], timer: null };

/** app.js's hooks: act (send an action), toast, open (a channel). */
export function gzInit(hooks) {
  api = hooks;
  addStyleSheet('/guozhan.css');
  // 单人练习 → 国战: a button beside the practice dialog's own.
  const row = document.querySelector('#practice-form .row.end');
  if (row) {
    const b = button('练习国战（你和5个机器人）', '', () => { practice(); }, 'practice-gz');
    row.prepend(b);
  }
}

/**
 * 单人练习 → 国战 (issue 20): a 6-seat game made with the page's ordinary actions — created (the visitor is its judge),
 * the visitor in 甲, computer players in 乙–己 (the lobby's 【机器人】), started at once.
 */
export async function practice() {
  const fail = (ack) => { api.toast(ack.text || ack.code || '出错了', true); return false; };
  const made = await api.act({ t: 'create', game: 'guozhan', settings: { players: 6 } });
  if (!made.ok) return fail(made);
  const ch = made.channelId;
  const joined = await api.act({ t: 'join', channelId: ch, country: '甲' });
  if (!joined.ok) return fail(joined);
  const bots = await api.act({ t: 'say', channelId: ch, text: '【机器人】乙 丙 丁 戊 己' });
  if (!bots.ok) return fail(bots);
  const started = await api.act({ t: 'start', channelId: ch });
  if (!started.ok) return fail(started);
  const dlg = document.getElementById('practice-dialog');
  if (dlg && dlg.open) dlg.close();
  api.open(ch);
  return true;
}

/** Every server message passes here; a 国战 channel's frames are this panel's. */
export function gzMessage(m) {
  if (m.t === 'channel') {
    if (m.board && m.board.game === 'guozhan') open(m.channelId);
    else close();
  } else if (m.t === 'view' && m.channelId === G.channel) {
    G.view = m.view;
    render();
  }
}

function open(channelId) {
  if (G.channel !== channelId) { G.sel.clear(); G.gens = []; G.targets = []; }
  G.channel = channelId;
  G.view = null;
  if (!G.root) {
    G.root = el('section', 'gz');
    G.root.id = 'gz-panel';
    G.root.setAttribute('aria-label', '国战');
    const feed = $('feed');
    feed.parentNode.insertBefore(G.root, feed);
  }
  G.root.hidden = false;
  render();
  if (!G.timer) G.timer = setInterval(tick, 1000);
}

function close() {
  G.channel = null;
  G.view = null;
  if (G.root) { G.root.hidden = true; G.root.replaceChildren(); }
  if (G.timer) { clearInterval(G.timer); G.timer = null; }
}

const cardName = (text) => { const m = /【([^】]+)】/.exec(text || ''); return m ? m[1] : ''; };
const nameOf = (v, id) => (v.names && v.names.cards[id]) || id;
const genName = (v, id) => (v.names && v.names.generals[id]) || id;
const KINGDOM = { wei: '魏', shu: '蜀', wu: '吴', qun: '群', careerist: '野心家' };

function say(text) {
  if (!api || !G.channel) return;
  api.act({ t: 'say', channelId: G.channel, text }).then((ack) => {
    if (ack && !ack.ok && ack.text && !ack.toasted) api.toast(ack.text, true);
  });
  G.sel.clear();
  G.gens = [];
  G.targets = [];
}

function button(label, cls, onClick, id) {
  const b = el('button', cls, label);
  b.type = 'button';
  if (id) b.id = id;
  b.addEventListener('click', onClick);
  return b;
}

function tick() {
  const c = G.root && G.root.querySelector('.gz-clock');
  if (!c || !G.view || !G.view.ask) return;
  const left = Math.max(0, Math.round((G.view.ask.deadline - Date.now()) / 1000));
  c.textContent = `${left} 秒`;
}

function render() {
  if (!G.root) return;
  const v = G.view;
  G.root.replaceChildren();
  if (!v) { G.root.append(el('p', 'hint', '国战：等待开局…')); return; }
  const me = v.me;
  const mine = me ? v.seats.find((s) => s.name === me) : null;
  const head = el('div', 'gz-head');
  const turn = v.turn ? `第${v.turn.n}回合 · ${v.turn.seat}` : v.status === 'picking' ? '选将中' : '';
  head.append(el('strong', '', '国战'), el('span', 'gz-turn', turn), el('span', 'gz-me', me ? `你是 ${me}` : '观战中'));
  G.root.append(head);

  // The table in short: public facts only.
  const table = el('div', 'gz-table');
  for (const s of v.seats) {
    const box = el('div', `gz-seat${s.alive ? '' : ' dead'}${v.turn && v.turn.seat === s.name ? ' acting' : ''}${s.name === me ? ' mine' : ''}`);
    box.dataset.seat = s.name;
    const gens = (s.generals || []).map((g) => (g.name ? `${g.name}${g.revealed ? '' : '（暗）'}` : '暗置')).join('+') || '—';
    box.append(el('b', '', s.name), el('span', 'gz-k', KINGDOM[s.kingdom] || '未明'), el('span', '', `❤${s.hp}/${s.maxHp}`), el('span', '', `🂠${s.handCount}`));
    box.append(el('div', 'gz-gens', gens));
    const eq = Object.values(s.equip).filter(Boolean).map((id) => nameOf(v, id));
    if (eq.length) box.append(el('div', 'gz-eq', eq.join(' ')));
    if (s.judge.length) box.append(el('div', 'gz-jd', `判定区：${s.judge.map((id) => nameOf(v, id)).join('、')}`));
    const tags = [s.chained ? '连环' : '', s.faceDown ? '叠置' : '', (v.bots || []).includes(s.name) ? '机器人' : '', (v.auto || []).includes(s.name) ? '托管' : ''].filter(Boolean);
    if (tags.length) box.append(el('div', 'gz-tags', tags.join(' ')));
    if (me && s.name !== me && s.alive) box.addEventListener('click', () => { toggle(G.targets, s.name); render(); });
    if (G.targets.includes(s.name)) box.classList.add('target');
    table.append(box);
  }
  G.root.append(table);

  // The open prompt: who must act, what, until when.
  if (v.ask && v.status !== 'ended') {
    const p = el('div', 'gz-prompt');
    p.id = 'gz-prompt';
    const asked = v.ask.seats || [];
    const mineAsk = !!me && asked.includes(me);
    if (mineAsk) p.classList.add('mine');
    p.append(el('span', 'gz-who', mineAsk ? '轮到你：' : `等待 ${asked.join('、')}：`), el('span', 'gz-text', v.ask.text || '（私密提示）'), el('span', 'gz-clock', ''));
    G.root.append(p);
  }
  if (v.status === 'ended') G.root.append(el('div', 'gz-prompt', `游戏结束 · 胜者：${(v.winners || []).join('、') || '无'}`));
  if (!mine) { tick(); return; }

  // The seat's own panel: its generals (or the dealt ones during the pick) and its hand.
  const own = el('div', 'gz-own');
  own.id = 'gz-own';
  const asked = v.ask && v.ask.seats ? v.ask.seats.includes(me) : false;
  const kind = asked ? v.ask.kind : null;
  if (mine.dealt && kind === 'pick') {
    const row = el('div', 'gz-row');
    row.id = 'gz-dealt';
    row.append(el('span', 'gz-label', '发给你的武将（选两张同势力：先点主将）'));
    for (const g of mine.dealt) {
      // Its kingdom on the chip (two of one kingdom are chosen), its health and skills on hover.
      const a = v.names && v.names.about && v.names.about[g];
      const at = G.gens.indexOf(g);
      const b = button(`${at === 0 ? '主 ' : at === 1 ? '副 ' : ''}${a ? `${genName(v, g)}·${a.kingdom}` : genName(v, g)}`, `gz-gen${G.gens.includes(g) ? ' on' : ''}`, () => { toggle(G.gens, g); if (G.gens.length > 2) G.gens.shift(); render(); });
      b.dataset.general = g;
      if (a) b.title = `${genName(v, g)}（${a.kingdom}，体力${a.fish / 2}）${a.skills.length ? `：${a.skills.join('、')}` : ''}`;
      row.append(b);
    }
    row.append(button('选择', 'primary', () => { if (G.gens.length === 2) say(`【选择】${genName(v, G.gens[0])}+${genName(v, G.gens[1])}`); else api.toast('请先点两名同势力武将（先主将后副将）', true); }, 'gz-pick'));
    own.append(row);
  } else if (mine.generals) {
    const row = el('div', 'gz-row');
    row.id = 'gz-mygens';
    row.append(el('span', 'gz-label', '你的武将'));
    mine.generals.forEach((g, k) => {
      const chip = el('span', `gz-gen${g.revealed ? ' shown' : ''}`, `${k === 0 ? '主' : '副'}：${g.name || '?'}${g.revealed ? '' : '（暗置）'}`);
      const a = g.general && v.names && v.names.about && v.names.about[g.general];
      if (a && a.skills.length) chip.title = `${g.name}（${a.kingdom}）：${a.skills.join('、')}`;
      row.append(chip);
    });
    own.append(row);
  }
  const hand = el('div', 'gz-row gz-hand');
  hand.id = 'gz-hand';
  hand.append(el('span', 'gz-label', `手牌（${(mine.hand || []).length}）`));
  for (const id of mine.hand || []) {
    const t = nameOf(v, id);
    const b = button(t.replace(/\(S\w+\)$/, ''), `gz-card${G.sel.has(id) ? ' on' : ''}${/^[♥♦]/.test(t) ? ' red' : ''}`, () => { if (G.sel.has(id)) G.sel.delete(id); else G.sel.add(id); render(); });
    b.dataset.id = id;
    b.title = t;
    hand.append(b);
  }
  own.append(hand);

  // What the seat may send now (the engine refuses what does not fit, with the reason).
  const acts = el('div', 'gz-row gz-acts');
  const sel = [...G.sel];
  const first = sel.length ? cardName(nameOf(v, sel[0])) : '';
  if (asked) {
    if (kind === 'play' || kind === 'respond' || kind === 'peach' || kind === 'nullify') {
      // G6: a card answering a prompt is used (使用: 闪 against 杀, 桃, 无懈可击) unless the prompt says played (打出: 决斗, 南蛮入侵, 万箭齐发).
      acts.append(button(kind === 'respond' && v.ask.mode === 'play' ? '打出' : '使用', 'primary', () => {
        if (!sel.length) { api.toast('先点一张手牌', true); return; }
        const to = G.targets.length ? `→${G.targets.join('、')}` : '';
        say(`【${first}】${sel.join('、')}${to}`);
      }, 'gz-use'));
    }
    if (kind === 'ownCards') acts.append(button('弃牌', 'primary', () => say(`【弃牌】${sel.join('、')}`), 'gz-discard'));
    if (kind === 'turnStart') acts.append(button('明置全部', '', () => say('【明置】全部'), 'gz-reveal'));
    if (kind === 'confirm') acts.append(button('确定', 'primary', () => say('【确定】'), 'gz-ok'));
    if (kind === 'play') acts.append(button('结束出牌', '', () => say('【结束】'), 'gz-end'));
    // No 不出 where declining is not allowed (the discard phase, a cost already accepted: the engine would refuse it).
    if (kind !== 'play' && kind !== 'pick' && !(kind === 'ownCards' && v.ask.optional === false)) acts.append(button('不出', '', () => say('【不出】'), 'gz-pass'));
    if (kind === 'option') (v.ask.options || []).forEach((o, k) => acts.append(button(o, '', () => say(`【选择】${k + 1}`))));
  }
  if (G.targets.length) acts.append(el('span', 'gz-label', `目标：${G.targets.join('、')}（点座位可改）`));
  else if (asked && kind === 'play') acts.append(el('span', 'gz-label', '点上方的座位选目标'));
  own.append(acts);
  G.root.append(own);
  tick();
}

function toggle(list, x) {
  const i = list.indexOf(x);
  if (i >= 0) list.splice(i, 1); else list.push(x);
}
