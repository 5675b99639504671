/**
 * Per-seat views (issue 18, X1/X1.1): whole random games are walked entry by entry and every seat's view is
 * checked — it holds its own hand and hidden generals, and never another seat's hidden card or general. The
 * knowledge of who may know a hand card is kept here from the zones alone: a card drawn from the pile is known
 * to its holder, a card taken from a public zone (discard, processing, equipment, judgement) to everyone, a card
 * passing between hands to both; 知己知彼's look at a hand (a public row) adds the looker, 火攻's show everyone.
 * Shared by views.test.ts (skills off) and generals/wei-views.test.ts (the Wei skills on).
 */
import assert from 'node:assert/strict';
import { simulate } from '../../src/games/guozhan/sim.ts';
import { stateJson, view } from '../../src/games/guozhan/view.ts';
import { locate } from '../../src/games/guozhan/core.ts';
import { ALL_CARD_IDS } from '../../src/games/guozhan/cards.ts';
import type { LogRow, State } from '../../src/games/guozhan/types.ts';
import type { StartEntry } from '../../src/games/guozhan/engine.ts';

type Where = ReturnType<typeof locate>;
const isHand = (w: Where): w is { zone: 'hand'; seat: number } => !!w && w.zone === 'hand';
const isPublic = (w: Where) => !!w && (w.zone === 'discard' || w.zone === 'processing' || w.zone === 'equip' || w.zone === 'judge' || w.zone === 'removed');
const mentions = (json: string, id: string) => json.includes(`"${id}"`) || json.includes(`(${id}`) || json.includes(`${id})`) || json.includes(`、${id}`);

/** Plays `games` seeded 6-seat games and checks every seat's view and the public view after every entry. */
export function checkViews(o: { games: number; settings?: StartEntry['settings']; recentCommands?: boolean; onRow?: (row: LogRow) => void }): void {
  for (let seed = 1; seed <= o.games; seed++) {
    let prev: State | null = null;
    const knowers = new Map<string, Set<number>>();
    /** Draw-pile cards a seat has looked at (a private seen row). */
    const pileSeen = new Map<string, Set<number>>();
    let logLen = 0;
    simulate({ players: 6, seed, timeoutRate: 0.05, ...(o.settings ? { settings: o.settings } : {}), check: (s, step) => {
      const n = s.players.length;
      const everyone = new Set(Array.from({ length: n }, (_, i) => i));
      const before = new Map(ALL_CARD_IDS.map((id) => [id, prev ? locate(prev, id) : null]));
      for (const id of ALL_CARD_IDS) {
        const now = locate(s, id);
        const was = before.get(id)!;
        if (!isHand(now)) { knowers.set(id, isPublic(now) ? everyone : new Set()); continue; }
        if (isHand(was) && was.seat === now.seat) continue;
        if (isPublic(was)) knowers.set(id, everyone);
        else if (isHand(was)) knowers.set(id, new Set([was.seat, now.seat]));
        else knowers.set(id, new Set([now.seat]));
      }
      for (const row of s.log.slice(logLen)) {
        o.onRow?.(row);
        if (row.t === 'known' && row.option === '观看手牌') for (const id of s.players[row.target as number]!.hand) knowers.get(id)!.add(row.seat as number);
        // Cards shown face up (X1): a shown card, a judgement card, a card played to replace one (鬼才, 鬼道).
        if (row.t === 'show' || row.t === 'judge' || row.t === 'retrial') {
          // 再起 shows the draw pile's top cards as a list (`cards`), 火攻 one card (`card`).
          for (const id of (row.cards as string[] | undefined) ?? [row.card as string]) knowers.set(id, everyone);
        }
        if (row.t === 'seen') for (const id of row.cards as string[]) { if (!pileSeen.has(id)) pileSeen.set(id, new Set()); pileSeen.get(id)!.add(row.seat as number); }
        // X1.1: a distribution's gift (遗计) is known to its giver, who looked at the cards, as well as to its receiver.
        if (row.t === 'given') for (const id of row.cards as string[]) knowers.get(id)?.add(row.seat as number);
      }
      for (let x = 0; x < n; x++) {
        const v = stateJson(s, x, { logFrom: logLen });
        const seats = v.seats as { name: string; hand?: string[]; dealt?: string[]; generals: { general: string | null; revealed: boolean }[] | null }[];
        const where = `seed ${seed} step ${step} viewer ${s.players[x]!.name}`;
        // Its own secrets are there.
        if (s.status !== 'picking') {
          assert.deepEqual(seats[x]!.hand, s.players[x]!.hand, `${where}: own hand`);
          assert.deepEqual(seats[x]!.generals!.map((g) => g.general), s.players[x]!.generals, `${where}: own generals`);
        }
        const { log, commands, ...table } = v;
        const tableJson = JSON.stringify(table);
        // recentCommands: only this step's commands — with skills on, a seat's own old refusal may name a card it held
        // then (骁果's basic-card filter refuses 【弃牌】S006 by name) that later went round the pile to another hand.
        const rowsJson = JSON.stringify([log, o.recentCommands ? (commands as { at: number }[]).filter((c) => !prev || c.at >= prev.now) : commands]);
        assert.ok(!('seed' in v), `${where}: no seed`);
        for (let y = 0; y < n; y++) {
          if (y === x) continue;
          const p = s.players[y]!;
          assert.equal(seats[y]!.hand, undefined, `${where}: ${p.name}'s hand`);
          assert.equal(seats[y]!.dealt, undefined, `${where}: ${p.name}'s dealt generals`);
          for (const id of p.hand) {
            // A card everyone saw go to the hand may still be named on the table: 奸雄 takes a 南蛮入侵 from the
            // processing area while it goes on resolving for the others (its ask names the card).
            assert.ok(!mentions(tableJson, id) || knowers.get(id)?.size === n, `${where}: ${p.name}'s hand card ${id} in the table`);
            if (!knowers.get(id)?.has(x)) assert.ok(!mentions(rowsJson, id), `${where}: ${p.name}'s hand card ${id} in a new row`);
          }
          if (p.generals) p.generals.forEach((g, k) => {
            if (p.revealed[k]) return;
            const looked = s.players[x]!.looks.some((l) => l.seat === y && l.general === g);
            if (!looked) assert.ok(!JSON.stringify(v).includes(`"${g}"`), `${where}: ${p.name}'s hidden general ${g}`);
          });
          for (const g of p.dealt) assert.ok(!JSON.stringify(v).includes(`"${g}"`) || s.players[x]!.dealt.includes(g), `${where}: ${p.name}'s dealt ${g}`);
        }
        // The draw pile is hidden, except from a seat that looked at its top (遗计, 观星: a private seen row, X1.1).
        for (const id of s.drawPile) assert.ok(!mentions(tableJson, id) || !!pileSeen.get(id)?.has(x), `${where}: the draw pile's ${id}`);
      }
      // The public view is the view of nobody.
      const pub = stateJson(s, 'public', { logFrom: logLen });
      const pubJson = JSON.stringify(pub);
      for (const p of s.players) {
        for (const id of p.hand) assert.ok(!mentions(pubJson, id) || knowers.get(id)?.size === n, `seed ${seed} step ${step} public: ${id}`);
        if (p.generals) p.generals.forEach((g, k) => assert.ok(p.revealed[k] || !pubJson.includes(`"${g}"`), `seed ${seed} step ${step} public: hidden ${g}`));
      }
      assert.deepEqual(Object.keys(view(s, 'public')), Object.keys(pub));
      prev = structuredClone(s);
      logLen = s.log.length;
    } });
  }
}
