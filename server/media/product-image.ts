/**
 * Product pictures drawn by code: an SVG per product and position (1 = main, 2 = hover), built from
 * the product's colour and the initials of its name. Nothing is fetched from elsewhere.
 */
import { escapeXml } from '../lib/escape.js';

/** What a picture shows. */
export interface ImageSubject {
  readonly name: string;
  readonly hex: string;
  readonly category: string;
}

function parseHex(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const value = match?.[1] ?? '8a6d3b';
  return [0, 2, 4].map((i) => Number.parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((n) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const rgb = parseHex(hex);
  return toHex(rgb.map((n) => (amount >= 0 ? n + (255 - n) * amount : n * (1 + amount))));
}

/** Dark or light ink, whichever reads better on `hex` (relative luminance). */
function inkFor(hex: string): string {
  const [r, g, b] = parseHex(hex).map((n) => {
    const s = n / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? '#1f1b16' : '#fdfaf4';
}

/** Up to two initials, from the first letters of the first two words. */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => /\p{L}|\p{N}/u.exec(word)?.[0] ?? '')
    .filter((ch) => ch !== '');
  return letters.slice(0, 2).join('').toUpperCase();
}

/** Splits a name into at most two lines of about `width` characters. */
function lines(text: string, width: number): string[] {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const out: string[] = [];
  let current = '';
  for (const word of words) {
    if (current !== '' && (current + ' ' + word).length > width) {
      out.push(current);
      current = word;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  if (current !== '') out.push(current);
  if (out.length > 2) return [out[0] ?? '', `${out.slice(1).join(' ').slice(0, width - 1)}…`];
  return out;
}

/** The SVG document for a product picture. */
export function productImageSvg(subject: ImageSubject, position: number): string {
  const base = parseHex(subject.hex) ? toHex(parseHex(subject.hex)) : '#8a6d3b';
  const ink = inkFor(base);
  const label = escapeXml(subject.name);
  const title = lines(subject.name, 22)
    .map((line, i) => `<text x="400" y="${640 + i * 52}" text-anchor="middle" font-size="44" font-weight="600" fill="${ink}">${escapeXml(line)}</text>`)
    .join('');
  const category = escapeXml(subject.category.toUpperCase());
  const mark = escapeXml(initials(subject.name));
  if (position === 1) {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img" aria-label="${label}">` +
      `<rect width="800" height="800" fill="${base}"/>` +
      `<circle cx="400" cy="340" r="220" fill="${shade(base, 0.18)}"/>` +
      `<circle cx="400" cy="340" r="220" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="6"/>` +
      `<text x="400" y="395" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="170" fill="${ink}">${mark}</text>` +
      `<g font-family="system-ui, -apple-system, 'Segoe UI', sans-serif">${title}` +
      `<text x="400" y="90" text-anchor="middle" font-size="26" letter-spacing="6" fill="${ink}" fill-opacity="0.75">${category}</text></g>` +
      `</svg>`
    );
  }
  const light = shade(base, 0.35);
  const dark = shade(base, -0.25);
  // Further gallery views turn the weave and carry their number, so each one looks different.
  const angle = 45 + (position - 2) * 17;
  const badge = position > 2 ? `<text x="720" y="110" text-anchor="end" font-size="56" font-weight="700" fill="${ink}" font-family="system-ui, sans-serif">${position}</text>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img" aria-label="${label}">` +
    `<defs><pattern id="weave" width="80" height="80" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})">` +
    `<rect width="80" height="80" fill="${base}"/><rect width="40" height="80" fill="${light}" fill-opacity="0.55"/>` +
    `<rect y="0" width="80" height="20" fill="${dark}" fill-opacity="0.35"/></pattern></defs>` +
    `<rect width="800" height="800" fill="url(#weave)"/>` +
    `<rect x="120" y="560" width="560" height="170" rx="24" fill="${base}" fill-opacity="0.92"/>` +
    `<g font-family="system-ui, -apple-system, 'Segoe UI', sans-serif">${title.replace(/y="(\d+)"/g, (_m, y: string) => `y="${Number(y) + 10}"`)}</g>` +
    badge +
    `</svg>`
  );
}
