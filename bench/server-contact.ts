/**
 * Contact form submissions through Contact Form 7's route `POST /wp-json/contact-form-7/v1/
 * contact-forms/{id}/feedback` in process (`app.fetch`, so the figure is server time: parsing the
 * multipart body, the rules, storage in one transaction, the mail handed to a transport that
 * answers at once): a message that is sent, one refused by the rules (nothing stored), and a
 * wholesale enquiry with a 500 KB order sheet (its content checked and stored). p50 and p95 of 200
 * requests each. No target: figures only. Writes bench-results/server-contact.json.
 *
 * In-memory PGlite. The per-client limit is scaled up so the bench measures sending, not spam.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createShopApp } from '../server/app.js';
import { openDatabase } from '../server/db/client.js';
import type { MailTransport } from '../server/mail/transport.js';
import { resolveThreshold } from '../server/services/contact-forms.js';

const SAMPLES = 200;
const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const round = (n: number): number => Math.round(n * 100) / 100;

const weekday = (): string => {
  let date = resolveThreshold('today+3', new Date());
  while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return date;
};

const contact = (message: string): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ _wpcf7_unit_tag: 'wpcf7-f101-o1', 'your-name': 'Ana Reyes', 'your-email': 'ana@example.ph', 'your-subject': 'Delivery', 'your-message': message, 'privacy-policy': '1' })) form.append(name, value);
  return form;
};

const sheet = `item,qty\n${'Tea,40\n'.repeat(Math.floor(500_000 / 7))}`;
const wholesale = (): FormData => {
  const form = new FormData();
  const fields: Array<[string, string]> = [
    ['_wpcf7_unit_tag', 'wpcf7-f102-o1'],
    ['your-name', 'Ben Cruz'],
    ['your-email', 'ben@cafe.example.ph'],
    ['company', 'Kapihan'],
    ['your-tel', '+63 917 123 4567'],
    ['business-type', 'Online seller'],
    ['interests[]', 'Tea'],
    ['quantity', '120'],
    ['visit-date', weekday()],
    ['privacy-policy', '1'],
  ];
  for (const [name, value] of fields) form.append(name, value);
  form.append('order-sheet', new File([sheet], 'order.csv', { type: 'text/csv' }));
  return form;
};

async function main(): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory' });
  const mail: MailTransport = { describe: 'bench', send: () => Promise.resolve(), close: () => undefined };
  const logger = { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) };
  const app = createShopApp({ database, logger, mail, contactForms: { formIds: { contact: 101, wholesale: 102 }, limitScale: 1000 } });
  const root = 'http://127.0.0.1/wp-json/contact-form-7/v1/contact-forms';
  const cases: Array<[string, number, () => FormData, string]> = [
    ['contact form, sent (stored + mailed)', 101, () => contact('Do you deliver to Cebu City? Thank you.'), 'mail_sent'],
    ['contact form, refused by the rules (nothing stored)', 101, () => contact('short'), 'validation_failed'],
    ['wholesale enquiry with a 500 KB order sheet, sent', 102, wholesale, 'mail_sent'],
  ];
  const results: Record<string, { p50: number; p95: number }> = {};
  for (const [label, id, body, expected] of cases) {
    // Warm-up (the seeded forms, compiled paths).
    for (let i = 0; i < 10; i++) await app.fetch(new Request(`${root}/${id}/feedback`, { method: 'POST', body: body() }));
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const request = new Request(`${root}/${id}/feedback`, { method: 'POST', body: body() });
      const started = performance.now();
      const answer = await app.fetch(request);
      const status = ((await answer.json()) as { status: string }).status;
      times.push(performance.now() - started);
      if (status !== expected) throw new Error(`${label}: answered ${status}, expected ${expected}`);
    }
    times.sort((a, b) => a - b);
    results[label] = { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
    console.log(`${label}: p50 ${results[label].p50} ms, p95 ${results[label].p95} ms (no target: figures only)`);
  }
  await database.close();
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/server-contact.json', JSON.stringify({ database: 'pglite (memory)', samples: SAMPLES, results }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
