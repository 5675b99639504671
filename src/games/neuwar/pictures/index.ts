/** New European War's own pictures: the score table (the map is the Europe painter's) and the `npm run render` tool. */
export { computeIncome, scoreRows, renderScoreTableSvg, renderScoreTablePng, type Income, type ScoreRow, type ScoreTableOptions } from './score.ts';
export { renderCli } from './cli.ts';
