import type { AppState } from '../app/app-state.js';
import type { PageSeo } from './seo.js';

/** Escapes text for HTML element content and attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/**
 * Serializes page state for a `<script type="application/json">` block. `<` is escaped so a product
 * name containing `</script>` cannot end the block; U+2028/2029 are escaped for old parsers.
 */
export const serializeState = (state: AppState): string =>
  JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Asset tags the server puts around the rendered app. */
export interface DocumentAssets {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
  readonly modulePreloads: readonly string[];
  /** Extra raw head HTML from the dev server (Vite client, React refresh preamble). */
  readonly devHead?: string;
  /**
   * The first-paint stylesheet (`src/ui/first-paint.css`): its address, and its text for the pages
   * that inline it ({@link inlinesFirstPaint}). Absent: the page links `styles` only.
   */
  readonly firstPaint?: { readonly href: string; readonly css: string };
}

/**
 * Pages whose first paint needs only `first-paint.css`: the listings. They carry it inline, so
 * nothing holds their first paint but the HTML itself (on slow 4G the stylesheet's own request cost
 * a round trip and shared the line with the picture and scripts), and they link the rest at the end
 * of the body, where it blocks no paint. Other pages link both in the head.
 *
 * The listings also name their module preloads at the end, beside the scripts that import them.
 * Named in the head, the preloads were fetched and compiled while Chromium held the parser at the
 * end of the head (it waits there for a task that runs behind the answers' own tasks), so the
 * body's first paint waited for them too.
 */
export const inlinesFirstPaint = (pageType: AppState['page']['type']): boolean =>
  pageType === 'shop' || pageType === 'category' || pageType === 'search';

/** `first-paint.css` as a `<style>` element; refuses a text that could end the element early. */
const inlineStyle = (css: string): string => {
  if (/<\/style/i.test(css)) throw new Error('first-paint.css contains "</style", which would end the inline <style> early.');
  return `<style>${css}</style>`;
};

/** What the renderer produced for one page. */
export interface RenderedPage {
  readonly status: number;
  readonly html: string;
  readonly state: AppState;
  readonly title: string;
  readonly description: string;
  /** The largest above-the-fold image, preloaded so the browser fetches it before any script. */
  readonly preloadImage: { readonly src: string; readonly srcset: string; readonly sizes: string } | null;
  /** schema.org JSON-LD, already serialized with `serializeJsonLd`; null when the page has none. */
  readonly structuredData?: string | null;
  /** Canonical address, robots directive and Open Graph properties (`pageSeo`); absent: none. */
  readonly seo?: PageSeo;
  /** Where to send the shopper instead of this page (a placed order's received page); absent: none. */
  readonly redirect?: string;
}

/** The head tags of a page's {@link PageSeo}, every value escaped. */
export const seoTags = (seo: PageSeo | undefined): string[] =>
  seo
    ? [
        ...(seo.canonical ? [`<link rel="canonical" href="${escapeHtml(seo.canonical)}">`] : []),
        ...(seo.robots ? [`<meta name="robots" content="${escapeHtml(seo.robots)}">`] : []),
        ...(seo.alternates ?? []).map(([hreflang, href]) => `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}">`),
        ...seo.openGraph.map(([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}">`),
      ]
    : [];

/** The whole HTML document of a page. */
export const renderDocument = (page: RenderedPage, assets: DocumentAssets): string => {
  const preload = page.preloadImage
    ? `<link rel="preload" as="image" href="${escapeHtml(page.preloadImage.src)}"${
        page.preloadImage.srcset ? ` imagesrcset="${escapeHtml(page.preloadImage.srcset)}" imagesizes="${escapeHtml(page.preloadImage.sizes)}"` : ''
      } fetchpriority="high">`
    : '';
  const inline = assets.firstPaint !== undefined && inlinesFirstPaint(page.state.page.type);
  const styleLinks = assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`);
  const firstPaintLink = assets.firstPaint ? [`<link rel="stylesheet" href="${escapeHtml(assets.firstPaint.href)}">`] : [];
  const modulePreloads = assets.modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`);
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(page.state.locale ?? 'en-PH')}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    ...seoTags(page.seo),
    '<link rel="icon" href="data:,">',
    ...(inline && assets.firstPaint ? [inlineStyle(assets.firstPaint.css)] : [...firstPaintLink, ...styleLinks]),
    preload,
    ...(inline ? [] : modulePreloads),
    page.structuredData ? `<script type="application/ld+json">${page.structuredData}</script>` : '',
    assets.devHead ?? '',
    '</head>',
    '<body>',
    `<div id="app">${page.html}</div>`,
    `<script type="application/json" id="suki-state">${serializeState(page.state)}</script>`,
    ...(inline ? [...styleLinks, ...modulePreloads] : []),
    ...assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
    '</body>',
    '</html>',
  ].join('\n');
};
