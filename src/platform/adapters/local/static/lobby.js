// Europe Duel's lobby and seat links on the local page (duel.md D10.6). Challenge a friend (the game is made with
// both seats: this page sits as 红方 and gets the second seat's link to send), play a computer opponent (started at
// once), watch a running duel, continue one's own. A seat link is `/duel/<gameId>#seat=<token>`: the fragment
// never goes to the server in an HTTP request — this page reads it and sends it over the WebSocket. A duel played on
// Discord has personal links from its [网页] button or /duel-link (duel.md D10.3.2): a player's `#seat=<token>` plays
// that seat, anyone else's `#watch=<token>` watches; without a token such a duel's page does not open.
//
// Kept in localStorage (this browser, every tab): the player's duels with their seat tokens (继续), and the secret
// of each rated identity `local:<name>` this browser registered (a taken name needs its secret). Text from the
// server goes in with textContent only.

import { $, el } from './dom.js';

const LS = window.localStorage;
const GAMES_KEY = 'nw.duel.games';
const SECRETS_KEY = 'nw.duel.secrets';
const MAX_GAMES = 30;
const TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;
const STATUS_ZH = { open: '等待对手', running: '进行中', ended: '已结束' };

let api = null;
const L = {
  /** The lobby duel this page shows by its address: { gameId, token|null, lost }. */
  route: null,
  /** The last duelInfo of the game shown. */
  info: null,
  lobby: null,
  busy: false,
  /** A seat link waits for the page's name (a free seat is taken by the rated identity of that name). */
  waitingName: false,
};
const NAME_KEY = 'nw.duel.name';

function readJson(key, fallback) {
  try { const v = JSON.parse(LS.getItem(key) || ''); return v && typeof v === 'object' ? v : fallback; } catch { return fallback; }
}
function writeJson(key, v) {
  try { LS.setItem(key, JSON.stringify(v)); } catch { /* storage full or disabled: the lobby forgets */ }
}

// ---------- identity: local:<name> and its secret ----------

function newSecret() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...b)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The rated identity this page plays as: the page's name with this browser's secret for it (made at first use). */
function identity() {
  const name = api.name();
  if (!name) return null;
  const secrets = readJson(SECRETS_KEY, {});
  if (!TOKEN_RE.test(secrets[name] || '')) {
    secrets[name] = newSecret();
    writeJson(SECRETS_KEY, secrets);
  }
  try { LS.setItem(NAME_KEY, name); } catch { /* the next tab asks again */ }
  return { name, secret: secrets[name] };
}

/** The name this browser last played a duel as (a new tab's name box starts with it). */
export function lobbyLastName() {
  try { return LS.getItem(NAME_KEY) || ''; } catch { return ''; }
}

// ---------- the player's duels ----------

function myGames() {
  const list = readJson(GAMES_KEY, []);
  return Array.isArray(list) ? list.filter((g) => g && Number.isInteger(g.gameId)) : [];
}

function remember(entry) {
  const list = myGames().filter((g) => g.gameId !== entry.gameId);
  const old = myGames().find((g) => g.gameId === entry.gameId) || {};
  list.unshift({ ...old, ...entry });
  writeJson(GAMES_KEY, list.slice(0, MAX_GAMES));
}

function forget(gameId) {
  writeJson(GAMES_KEY, myGames().filter((g) => g.gameId !== gameId));
}

const linkOf = (gameId, token) => `${location.origin}/duel/${gameId}${token ? `#seat=${token}` : ''}`;

// ---------- the address: /duel/<gameId>#seat=<token> ----------

/** The lobby duel the address names, or null. `watch`: a Discord duel's watch token (`#watch=…`). */
function parseRoute() {
  const m = /^\/duel\/([1-9][0-9]{0,15})$/.exec(location.pathname);
  if (!m) return null;
  const t = /(?:^|[#&])seat=([A-Za-z0-9_-]{22})(?:&|$)/.exec(location.hash);
  const w = /(?:^|[#&])watch=([A-Za-z0-9_-]{22})(?:&|$)/.exec(location.hash);
  return { gameId: Number(m[1]), token: t ? t[1] : null, watch: w ? w[1] : null, lost: false, refused: null };
}

/**
 * The duel link this page was opened with, for the hello: on a server with a password, a seat or watch link opens
 * that duel alone without it (a Discord player's [网页] link, a friend's challenge link). null: none.
 */
export function lobbyLink() {
  const r = L.route || parseRoute();
  if (!r || (!r.token && !r.watch) || r.lost) return null;
  return { gameId: r.gameId, ...(r.token ? { seat: r.token } : {}), ...(r.watch ? { watch: r.watch } : {}) };
}

/** Whether this page is a lobby duel's page (its address is not a channel's `#id`). */
export function lobbyRouted() {
  return !!L.route;
}

/** Opens a lobby duel: as the seat of `token`, or as a spectator. */
function go(gameId, token) {
  L.route = { gameId, token: token || null, watch: null, lost: false, refused: null };
  L.info = null;
  history.pushState(null, '', `/duel/${gameId}${token ? `#seat=${token}` : ''}`);
  renderBanner();
  sendSeat();
}

/** Asks the server for the route's seat (a free seat needs the page's name: asked first). */
async function sendSeat() {
  const r = L.route;
  if (!r) return;
  const token = r.lost ? null : r.token;
  // A seat already taken is restored by its token alone (another device needs no name); a free one is taken by
  // the page's rated identity, and the server asks for a name when there is none (BAD_NAME).
  const id = token ? identity() : null;
  L.waitingName = false;
  const ack = await api.act({ t: 'seat', gameId: r.gameId, ...(token ? { token } : {}), ...(r.watch ? { watch: r.watch } : {}), ...(id ? { identity: id } : {}) });
  if (L.route !== r) return;
  r.refused = null;
  if (ack.ok) {
    // A Discord duel's link is kept in Discord (a new one is a press away): the lobby lists this page's own duels.
    if (ack.seat && token && !ack.remote) remember({ gameId: r.gameId, channelId: ack.channelId, seat: ack.seat, token, at: Date.now() });
  } else if (ack.remote) {
    // D10.3.2: a Discord duel opens only with its own link: nothing to show but why.
    r.refused = ack.text || ack.code;
    api.toast(r.refused, true);
  } else if (ack.code === 'BAD_NAME') {
    // A free seat and no name yet: the name box is the answer (no error to show).
    L.waitingName = true;
    api.askName('你被邀请来下一局欧陆对决：起一个名字就入座，对决随即开始。排位等级分按名字记（local:名字），名字第一次使用时注册在这个浏览器里。');
  } else {
    if (!ack.toasted) api.toast(ack.text || ack.code, true);
    if (ack.code === 'IDENTITY_TAKEN') { L.waitingName = true; api.askName(ack.text); }
  }
  renderBanner();
}

// ---------- hooks from the page ----------

export function lobbyInit(hooks) {
  api = hooks;
  L.route = parseRoute();
  $('duel-home').addEventListener('click', () => { api.home(); });
  $('lobby-friend').addEventListener('click', () => create('friend'));
  $('lobby-bot-go').addEventListener('click', () => create('bot'));
  $('lobby-bot').addEventListener('change', renderBotNote);
  $('lobby-key-copy').addEventListener('click', () => copy($('lobby-key-out').value, $('lobby-key-out')));
  $('lobby-key-use').addEventListener('click', useKey);
  window.addEventListener('popstate', () => {
    const r = parseRoute();
    if (r) { L.route = r; L.info = null; renderBanner(); sendSeat(); return; }
    L.route = null;
    renderBanner();
    api.routeChanged();
  });
  renderBanner();
}

/** After the server's welcome (a first connection or a reconnect): the route's seat again. True: the route owns the page. */
export function lobbyWelcome() {
  refresh();
  if (!L.route) return false;
  sendSeat();
  return true;
}

/** The page's name was set or changed: a seat that waited for it is asked for, the rating shown is the new name's. */
export function lobbyNamed() {
  refresh();
  if (L.route && L.waitingName) sendSeat();
}

/** The lobby shown again (its ratings and lists fetched anew). */
export function lobbyRefresh() {
  refresh();
}

/** The page leaves the route for an ordinary channel or the lobby. */
export function lobbyLeave() {
  if (!L.route) return;
  L.route = null;
  L.info = null;
  renderBanner();
}

/** The game shown (this page's lobby duel), for the map's top bar. */
export function lobbyInfo() {
  return L.info;
}

/** A channel of the list clicked: one of this browser's own duels opens as its seat. True when handled here. */
export function lobbyOpen(channelId) {
  const mine = myGames().find((g) => g.channelId === channelId && g.token);
  if (!mine) return false;
  go(mine.gameId, mine.token);
  return true;
}

export function lobbyMessage(m) {
  if (m.t === 'duelInfo') {
    if (L.route && m.info.gameId === L.route.gameId) {
      const was = L.info ? L.info.status : null;
      L.info = m.info;
      const mine = myGames().find((g) => g.gameId === m.info.gameId);
      if (mine) remember({ gameId: mine.gameId, status: m.info.status, opponent: opponentName(m.info, mine.seat) });
      renderBanner();
      if (was && was !== m.info.status) refresh();
    }
  } else if (m.t === 'seatTaken') {
    if (L.route && m.gameId === L.route.gameId) {
      L.route.lost = true;
      if (L.info) L.info = { ...L.info, seat: null };
      renderBanner(m.text);
    }
  } else if (m.t === 'games' || m.t === 'gamesDiff') {
    renderLobby();
  }
}

function opponentName(info, seat) {
  const other = info.sides[seat === 'A' ? 'B' : 'A'];
  return other ? other.bot || other.name || null : null;
}

// ---------- the lobby ----------

async function refresh() {
  if (!api || !api.hasDuel()) { $('duel-lobby').hidden = true; $('duel-home').hidden = true; return; }
  $('duel-lobby').hidden = false;
  $('duel-home').hidden = false;
  renderLobby();
  if (!api.name()) return;
  const ack = await api.act({ t: 'lobby', name: api.name() });
  if (ack.ok && ack.lobby) { L.lobby = ack.lobby; renderLobby(); }
}

function settings() {
  const out = {};
  const turn = Number($('lobby-turn').value);
  const limit = Number($('lobby-limit').value);
  if ($('lobby-turn').value && Number.isFinite(turn)) out.turnSeconds = Math.round(turn);
  if ($('lobby-limit').value && Number.isFinite(limit)) out.turnLimit = Math.round(limit);
  return out;
}

async function create(mode) {
  if (L.busy) return;
  const id = identity();
  if (!id) { api.askName(); return; }
  const bot = $('lobby-bot').value;
  L.busy = true;
  for (const b of [$('lobby-friend'), $('lobby-bot-go')]) b.disabled = true;
  const ack = await api.act({ t: 'duel', mode, ...(mode === 'bot' ? { bot } : {}), identity: id, settings: settings() });
  L.busy = false;
  renderLobby();
  if (!ack.ok) {
    if (!ack.toasted) api.toast(ack.text || ack.code, true);
    if (ack.code === 'IDENTITY_TAKEN' || ack.code === 'BAD_NAME') api.askName(ack.text);
    return;
  }
  remember({
    gameId: ack.gameId, channelId: ack.channelId, seat: 'A', token: ack.token, name: id.name, at: Date.now(), mode,
    status: mode === 'bot' ? 'running' : 'open', opponent: mode === 'bot' ? (L.lobby && (L.lobby.bots.find((b) => b.id === bot) || {}).label) || bot : null,
    ...(ack.invite ? { invite: `${location.origin}${ack.invite}` } : {}),
  });
  document.getElementById('app').classList.remove('show-side');
  go(ack.gameId, ack.token);
}

function renderBotNote() {
  const bots = (L.lobby && L.lobby.bots) || [];
  const b = bots.find((x) => x.id === $('lobby-bot').value);
  const agent = bots.find((x) => x.id === 'agent');
  // D8.4: the agent is offered only with its weights; otherwise its AGENT_UNAVAILABLE text says why.
  const note = b && !b.available ? b.note : agent && !agent.available ? agent.note : '和电脑的对局不计等级分（只有智能体可以计）。';
  $('lobby-bot-note').textContent = note || '';
  $('lobby-bot-go').disabled = L.busy || !b || !b.available;
}

function renderLobby() {
  if (!api || $('duel-lobby').hidden) return;
  const name = api.name();
  const me = $('lobby-me');
  me.replaceChildren();
  const r = L.lobby && L.lobby.rating && L.lobby.rating.name === name ? L.lobby.rating : null;
  if (!name) me.append(el('span', '', '先起一个名字（左上角“改名”）：排位等级分按名字记。'));
  else {
    me.append(el('span', '', '你是 '), el('strong', '', name));
    me.append(el('span', 'rating', r ? ` · 等级分 ${r.rating}${r.provisional ? '?' : ''}（${r.games} 局排位）` : ' · 等级分 1000?（新玩家）'));
  }
  // The computer opponents.
  const sel = $('lobby-bot');
  const keep = sel.value || 'greedy';
  sel.replaceChildren();
  const bots = (L.lobby && L.lobby.bots && L.lobby.bots.length) ? L.lobby.bots : [{ id: 'greedy', label: '贪婪', available: true }, { id: 'lander', label: '登陆', available: true }];
  for (const b of bots) {
    const o = el('option', '', `${b.label}（${b.id}）${b.available ? '' : ' · 暂不可用'}`);
    o.value = b.id;
    o.disabled = !b.available;
    sel.append(o);
  }
  sel.value = bots.some((b) => b.id === keep && b.available) ? keep : 'greedy';
  renderBotNote();
  $('lobby-friend').disabled = L.busy;
  // My duels: 继续 (the seat link) while not ended; an open challenge keeps its link to send.
  const games = api.games();
  const mine = $('lobby-mine');
  mine.replaceChildren();
  const list = myGames();
  if (!list.length) mine.append(el('li', 'hint', '还没有对局。'));
  for (const g of list) {
    const live = games.find((x) => x.id === g.gameId && x.channelId === g.channelId);
    const status = live ? live.status : 'gone';
    const li = el('li', `lobby-game ${status}`);
    li.dataset.game = String(g.gameId);
    const who = g.opponent ? `对 ${g.opponent}` : status === 'open' ? '等待对手' : '';
    li.append(el('span', 'gt', `第 ${g.gameId} 局`), el('span', `pill ${status}`, STATUS_ZH[status] || '已不存在'), el('span', 'gs', `${g.seat === 'A' ? '红方' : '蓝方'}${who ? ` · ${who}` : ''}${live && live.turn && status !== 'open' ? ` · 第 ${live.turn} 回合` : ''}`));
    if (status === 'gone') {
      const b = el('button', 'link', '移除');
      b.type = 'button';
      b.addEventListener('click', () => { forget(g.gameId); renderLobby(); });
      li.append(b);
    } else {
      const b = el('button', status === 'ended' ? '' : 'primary', status === 'ended' ? '查看' : '继续');
      b.type = 'button';
      b.dataset.continue = String(g.gameId);
      b.addEventListener('click', () => go(g.gameId, g.token));
      li.append(b);
      if (status === 'open' && g.invite) {
        const c = el('button', '', '复制对手链接');
        c.type = 'button';
        c.addEventListener('click', () => copy(g.invite, c));
        li.append(c);
      }
    }
    mine.append(li);
  }
  // Running duels to watch (no token: the public state only).
  const watch = $('lobby-watch');
  watch.replaceChildren();
  const own = new Set(list.filter((g) => g.token).map((g) => g.gameId));
  const running = games.filter((x) => x.kind === 'duel' && x.status === 'running' && !x.broken && !own.has(x.id));
  if (!running.length) watch.append(el('li', 'hint', '现在没有进行中的对决。'));
  for (const g of running.slice(0, 20)) {
    const li = el('li', 'lobby-game');
    li.append(el('span', 'gt', `第 ${g.id} 局`), el('span', 'gs', `${g.mapName}${g.turn ? ` · 第 ${g.turn} 回合` : ''}`));
    const b = el('button', '', '观战');
    b.type = 'button';
    b.dataset.watch = String(g.id);
    b.addEventListener('click', () => go(g.id, null));
    li.append(b);
    watch.append(li);
  }
  // The identity key, to carry the name to another browser.
  const secrets = readJson(SECRETS_KEY, {});
  $('lobby-key-out').value = name && secrets[name] ? `${name}#${secrets[name]}` : '';
}

async function useKey() {
  const v = $('lobby-key-in').value.trim();
  const m = /^(.+)#([A-Za-z0-9_-]{22})$/.exec(v);
  if (!m) { api.toast('身份密钥的格式是“名字#22 个字符”：请从另一台设备上复制完整。', true); return; }
  const name = m[1].trim();
  const secrets = readJson(SECRETS_KEY, {});
  secrets[name] = m[2];
  writeJson(SECRETS_KEY, secrets);
  $('lobby-key-in').value = '';
  const ok = await api.rename(name);
  if (ok) api.toast(`已换成身份 local:${name}`);
}

/** Copies a text (the clipboard API where the page may use it, else the selected input's text). */
async function copy(text, from) {
  try {
    await navigator.clipboard.writeText(text);
    api.toast('已复制');
    return;
  } catch { /* not a secure page, or no permission */ }
  const i = el('input');
  i.value = text;
  document.body.append(i);
  i.select();
  let ok = false;
  try { ok = document.execCommand('copy'); } catch { ok = false; }
  i.remove();
  api.toast(ok ? '已复制' : '复制不了：请手动选中链接复制');
  if (from && from.select) from.select();
}

// ---------- the banner over the map: the link to send, a seat taken over ----------

function renderBanner(takenText) {
  const b = $('seat-banner');
  if (!b) return;
  b.replaceChildren();
  const r = L.route;
  const info = L.info;
  const mine = r ? myGames().find((g) => g.gameId === r.gameId) : null;
  if (r && r.refused) {
    b.className = 'seat-banner warn';
    b.append(el('span', '', r.refused));
    b.hidden = false;
    return;
  }
  if (r && r.lost) {
    b.className = 'seat-banner warn';
    b.append(el('span', '', takenText || '你的席位在另一个标签页或设备上打开了，已由那边接管：这里改为观战。'));
    const again = el('button', 'primary', '在这里继续');
    again.type = 'button';
    again.id = 'seat-reclaim';
    again.addEventListener('click', () => { r.lost = false; sendSeat(); renderBanner(); });
    b.append(again);
    b.hidden = false;
    return;
  }
  if (r && info && info.status === 'open' && info.seat === 'A') {
    b.className = 'seat-banner invite';
    b.append(el('strong', '', '等待对手加入：'), el('span', '', '把这个链接发给你的朋友，他打开后对决立即开始（链接就是他的席位，别公开）。'));
    const row = el('div', 'row');
    const input = el('input');
    input.id = 'invite-link';
    input.readOnly = true;
    input.value = mine && mine.invite ? mine.invite : '（链接只保存在发起挑战的浏览器里）';
    input.addEventListener('focus', () => input.select());
    const c = el('button', 'primary', '复制链接');
    c.type = 'button';
    c.id = 'invite-copy';
    c.disabled = !(mine && mine.invite);
    c.addEventListener('click', () => copy(input.value, input));
    const w = el('button', 'danger', '撤回挑战');
    w.type = 'button';
    w.id = 'invite-withdraw';
    w.addEventListener('click', async () => {
      const ack = await api.act({ t: 'withdraw', gameId: r.gameId, token: r.token });
      if (!ack.ok) { if (!ack.toasted) api.toast(ack.text || ack.code, true); return; }
      forget(r.gameId);
      api.toast('挑战已撤回');
      api.home();
    });
    row.append(input, c, w);
    b.append(row);
    b.hidden = false;
    return;
  }
  if (r && info && info.seat === null) {
    b.className = 'seat-banner watch';
    b.append(el('span', '', info.remote
      ? `观战：第 ${info.gameId} 局（Discord 对局，只看公开的局面，看不到双方的命令；聊天请到 Discord 的讨论串）`
      : `观战：第 ${info.gameId} 局（只看公开的局面，看不到双方的命令）`));
    b.hidden = false;
    return;
  }
  b.hidden = true;
}
