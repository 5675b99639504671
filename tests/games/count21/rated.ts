import type { Entry, GameModule, Lang, Rules, Speaker } from '../../../src/platform/session/index.ts';
import type { RatedOutcome } from '../../../src/platform/ratings/index.ts';
import { count21, type Count21 } from './module.ts';

/**
 * Count to 21, rated: whoever reaches 21 loses (score 0), the other wins. 【排行】 and 【等级分】 are its queries
 * (logged like any entry), which it classifies as ratings queries for the platform to answer.
 */
export const rated21: GameModule<Count21> = {
  ...count21,
  open(resource: string, root: string): Rules<Count21> {
    const rules = count21.open(resource, root);
    const parse = rules.parse.bind(rules), apply = rules.apply.bind(rules), isGameEntry = rules.isGameEntry.bind(rules);
    const rated = (g: Count21): RatedOutcome | null => (g.loser === null ? null : { how: 'count', seats: g.seats.map((seat) => ({ seat, score: seat === g.loser ? 0 : 1, bot: null })) });
    const query = (text: string) => (text.trim() === '【排行】' ? 'board' : text.trim() === '【等级分】' ? 'card' : null);
    return Object.assign(rules, {
      rated,
      parse: (text: string, game: Count21 | null, speaker: Speaker, judge: boolean, at: number, lang: Lang): Entry[] => {
        const q = query(text);
        return q ? [{ type: 'query', at, what: q }] : parse(text, game, speaker, judge, at, lang);
      },
      apply: (game: Count21 | null, e: Entry) => (e.type === 'query' ? { game, step: { answer: { ok: true, text: 'placeholder', private: true }, resolved: [] } } : apply(game, e)),
      isGameEntry: (e: Entry) => e.type === 'query' || isGameEntry(e),
      classify: (e: Entry) => (e.type === 'query' ? { ratings: e.what as 'board' | 'card' } : {}),
    });
  },
};

