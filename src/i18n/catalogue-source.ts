/**
 * Reads the shop’s message declarations from its source (for the catalogue tests and
 * `npm run i18n`): every `defineMessages('area/part', { … })` with its English texts, and every
 * shopper-visible text in the views that does not come from one (JSX text, and the `aria-label`,
 * `placeholder`, `title`, `alt` and `aria-valuetext` attributes written as literals). Node only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** An English text: plain, with `{values}` (`params`), or plural forms (`count`). */
export type SourceText = { readonly kind: 'plain' | 'params'; readonly text: string } | { readonly kind: 'count'; readonly forms: Readonly<Record<string, string>> };

export interface Declaration {
  readonly component: string;
  readonly file: string;
  readonly texts: Readonly<Record<string, SourceText>>;
}

/** The source files under `root` (tests, type tests and declarations left out). */
export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|test-d|d)\.tsx?$/.test(entry.name) && !entry.name.startsWith('__')) out.push(full);
    }
  };
  walk(root);
  return out.sort();
}

const parse = (file: string): ts.SourceFile => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

const literal = (node: ts.Node): string | null => (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null);

/** The English text of one property's initializer, or an error. */
function sourceText(node: ts.Expression): SourceText | string {
  const plain = literal(node);
  if (plain !== null) return { kind: 'plain', text: plain };
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    const [arg] = node.arguments;
    if (node.expression.text === 'params' && arg) {
      const text = literal(arg);
      return text === null ? 'params() needs a string literal' : { kind: 'params', text };
    }
    if (node.expression.text === 'count' && arg && ts.isObjectLiteralExpression(arg)) {
      const forms: Record<string, string> = {};
      for (const p of arg.properties) {
        if (!ts.isPropertyAssignment(p)) return 'count() takes plain forms';
        const text = literal(p.initializer);
        if (text === null) return 'count() forms must be string literals';
        forms[p.name.getText().replace(/^['"]|['"]$/g, '')] = text;
      }
      return { kind: 'count', forms };
    }
  }
  return 'a text must be a string literal, params(\'…\') or count({ … })';
}

/** Every `defineMessages` in `files`; declarations that cannot be read are listed in `errors`. */
export function declarations(files: readonly string[]): { readonly found: Declaration[]; readonly errors: string[] } {
  const found: Declaration[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const source = parse(file);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineMessages') {
        const [name, body] = node.arguments;
        const component = name ? literal(name) : null;
        if (component === null || !body || !ts.isObjectLiteralExpression(body)) {
          errors.push(`${file}: defineMessages needs a literal name and an object literal`);
        } else {
          const texts: Record<string, SourceText> = {};
          for (const p of body.properties) {
            if (!ts.isPropertyAssignment(p)) {
              errors.push(`${file} ${component}: only plain properties`);
              continue;
            }
            const key = p.name.getText().replace(/^['"]|['"]$/g, '');
            const text = sourceText(p.initializer);
            if (typeof text === 'string') errors.push(`${file} ${component}.${key}: ${text}`);
            else texts[key] = text;
          }
          found.push({ component, file, texts });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { found, errors };
}

/** The English catalogue in the library's JSON shape (component → key → text or plural forms). */
export const englishCatalogue = (found: readonly Declaration[]): Record<string, Record<string, string | Record<string, string>>> =>
  Object.fromEntries(
    [...found]
      .sort((a, b) => a.component.localeCompare(b.component))
      .map((d) => [d.component, Object.fromEntries(Object.entries(d.texts).map(([key, t]) => [key, t.kind === 'count' ? { ...t.forms } : t.text]))]),
  );

/** The `{name}` placeholders of a text, sorted. */
export const placeholders = (text: string): string[] => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();

/** Attributes whose literal text a shopper sees or hears. */
const SPOKEN = new Set(['aria-label', 'placeholder', 'title', 'alt', 'aria-valuetext', 'aria-description']);
const WORDY = /\p{L}{2,}/u;

export interface Bypass {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** Shopper-visible texts written into the views instead of coming from a catalogue. */
export function bypasses(files: readonly string[]): Bypass[] {
  const out: Bypass[] = [];
  for (const file of files.filter((f) => f.endsWith('.tsx'))) {
    const source = parse(file);
    const report = (node: ts.Node, text: string): void => {
      out.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim().slice(0, 60) });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isJsxText(node) && WORDY.test(node.text)) report(node, node.text);
      // `{open ? 'Close' : 'Open'}`, `{label ?? 'Send'}`, `{`Page ${n}`}` among an element's children.
      if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
        const shown = (e: ts.Expression): void => {
          if (ts.isParenthesizedExpression(e)) shown(e.expression);
          else if (ts.isConditionalExpression(e)) {
            shown(e.whenTrue);
            shown(e.whenFalse);
          } else if (ts.isBinaryExpression(e)) {
            shown(e.left);
            shown(e.right);
          } else {
            const text = literal(e) ?? (ts.isTemplateExpression(e) ? e.getText().replace(/\$\{[^}]*\}/g, '') : null);
            if (text !== null && WORDY.test(text)) report(e, text);
          }
        };
        shown(node.expression);
      }
      if (ts.isJsxAttribute(node) && SPOKEN.has(node.name.getText()) && node.initializer) {
        const init = node.initializer;
        const value = ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) && init.expression ? (literal(init.expression) ?? (ts.isTemplateExpression(init.expression) ? init.expression.getText() : null)) : null;
        if (value !== null && WORDY.test(value.replace(/\$\{[^}]*\}/g, ''))) report(node, value);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

/**
 * The merged Filipino catalogue split in two: what pages use (`fil-PH.json`, which Filipino pages
 * fetch) and the components only the server declares (`fil-PH.server.json`: emails, the contact
 * forms' answers), which no browser needs.
 */
export function splitCatalogue(merged: Readonly<Record<string, unknown>>, serverOnly: ReadonlySet<string>): { readonly pages: Record<string, unknown>; readonly server: Record<string, unknown> } {
  const pages: Record<string, unknown> = {};
  const server: Record<string, unknown> = {};
  for (const [component, texts] of Object.entries(merged)) (serverOnly.has(component) ? server : pages)[component] = texts;
  return { pages, server };
}

/**
 * The Filipino catalogue's sources: one file per area under `src/i18n/locales/fil-PH/` (`shell.json`
 * holds the `shell/…` components), merged into `src/i18n/locales/fil-PH.json` by `npm run i18n`.
 * Areas whose names do not match their file are listed in `errors`.
 */
export function filipinoSources(dir: string): { readonly merged: Record<string, unknown>; readonly errors: string[] } {
  const merged: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const area = name.slice(0, -'.json'.length);
    const table = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>;
    for (const [component, texts] of Object.entries(table)) {
      if (!component.startsWith(`${area}/`)) errors.push(`${name}: ${component} belongs in ${component.split('/')[0]}.json`);
      if (component in merged) errors.push(`${name}: ${component} is given twice`);
      merged[component] = texts;
    }
  }
  return { merged: Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b))), errors };
}
