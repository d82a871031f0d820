/**
 * Blog feature pictures drawn by code: an SVG per post and position, in a colour taken from the
 * post's slug, with the post's title and a pattern that changes with the position. The alt text
 * is the picture's accessible name. Nothing is fetched from elsewhere.
 */
import { escapeXml } from '../lib/escape.js';
import { BLOG_IMAGE_HEIGHT, BLOG_IMAGE_WIDTH } from '../views/wp-post.js';

/** What a blog picture shows. */
export interface BlogImageSubject {
  readonly slug: string;
  readonly title: string;
  readonly alt: string;
}

/** Earthy colours of Philippine materials: buri, abaca, indigo, barako, capiz, banig red, leaf. */
const PALETTE = ['#a47148', '#d9cdb4', '#2f4b7c', '#6f4e37', '#e8dcc8', '#b23a48', '#55714a', '#c98b2b'] as const;

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return h;
}

function ink(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1f1b16' : '#fdfaf4';
}

/** Splits text into at most `max` lines of about `width` characters. */
function wrap(text: string, width: number, max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (current !== '' && `${current} ${word}`.length > width) {
      out.push(current);
      current = word;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  if (current !== '') out.push(current);
  if (out.length > max) return [...out.slice(0, max - 1), `${out.slice(max - 1).join(' ').slice(0, width - 1)}…`];
  return out;
}

/** The SVG document for a blog picture. */
export function blogImageSvg(subject: BlogImageSubject, position: number): string {
  const h = hash(subject.slug);
  const base = PALETTE[(h + position - 1) % PALETTE.length] ?? PALETTE[0];
  const accent = PALETTE[(h + position + 2) % PALETTE.length] ?? PALETTE[1];
  const fg = ink(base);
  const angle = (h % 60) + position * 23;
  const title = wrap(subject.title, 30, 3)
    .map((line, i) => `<text x="80" y="${420 + i * 64}" font-size="54" font-weight="600" fill="${fg}">${escapeXml(line)}</text>`)
    .join('');
  const badge = position > 1 ? `<text x="1120" y="110" text-anchor="end" font-size="64" font-weight="700" fill="${fg}" fill-opacity="0.8">${position}</text>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${BLOG_IMAGE_WIDTH} ${BLOG_IMAGE_HEIGHT}" width="${BLOG_IMAGE_WIDTH}" height="${BLOG_IMAGE_HEIGHT}" role="img" aria-label="${escapeXml(subject.alt)}">` +
    `<title>${escapeXml(subject.alt)}</title>` +
    `<defs><pattern id="weave" width="60" height="60" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})">` +
    `<rect width="60" height="60" fill="${base}"/><rect width="30" height="60" fill="${accent}" fill-opacity="0.22"/>` +
    `<rect width="60" height="14" fill="${fg}" fill-opacity="0.06"/></pattern></defs>` +
    `<rect width="${BLOG_IMAGE_WIDTH}" height="${BLOG_IMAGE_HEIGHT}" fill="url(#weave)"/>` +
    `<circle cx="${900 + (h % 120)}" cy="${230 + (h % 90)}" r="${170 + position * 12}" fill="${accent}" fill-opacity="0.55"/>` +
    `<rect x="40" y="320" width="820" height="${BLOG_IMAGE_HEIGHT - 360}" rx="28" fill="${base}" fill-opacity="0.88"/>` +
    `<g font-family="Georgia, 'Times New Roman', serif">` +
    `<text x="80" y="370" font-size="24" letter-spacing="6" fill="${fg}" fill-opacity="0.75" font-family="system-ui, sans-serif">SUKI JOURNAL</text>${title}</g>` +
    badge +
    `</svg>`
  );
}
