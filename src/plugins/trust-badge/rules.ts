/** The badge's texts, from the average in hundredths (460 is 4.6) and the count. */
import { badgeTextsIn, type BadgeTexts } from './messages.js';

const english = (): BadgeTexts => badgeTextsIn('en-PH');

/** The average with one decimal, as the badge shows it: `4.6`, `5.0`. */
export const averageText = (hundredths: number): string => (Math.round(Math.min(500, Math.max(0, hundredths)) / 10) / 10).toFixed(1);

/** The score as the badge shows it: `4.6/5 from 23 reviews` (`1 review` for one). */
export const scoreText = (hundredths: number, count: number, t: BadgeTexts = english()): string => t.score(count).replace('{average}', averageText(hundredths));

/** The compact badge's name (its visible text): `Verified reviews: 4.6/5 from 23 reviews`. */
export const badgeLabel = (hundredths: number, count: number, t: BadgeTexts = english()): string => `${t.titleColon} ${scoreText(hundredths, count, t)}`;

/** A review's text cut to `max` characters at a word, with an ellipsis when cut. */
export const excerpt = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};
