/**
 * Upload of a 5 MB photo (a 4000×3000 JPEG) through Suki's JSON route `POST /wp-json/suki/v1/reviews/media`
 * over real HTTP on 127.0.0.1: the server in its own process (`bench/lib/media-server.ts`, under
 * tsx, PGlite in a temporary folder), the client here; once with the storage port on a folder, once
 * on a local S3-compatible server (s3rver on 127.0.0.1, in this process). Per upload: time to the
 * answer and the server's CPU time (user + system, from /proc); over the run: the server's resident
 * memory before, and its peak during the uploads (VmHWM, reset after start-up). The work is the
 * multipart read to a temporary file, the type check, sharp's decode, rotate, resize to 2048 px,
 * re-encode and thumbnail, two writes through the storage port and one row.
 *
 * No numeric target is set; figures print and land in bench-results/server-media.json.
 */
import { startLocalS3 } from '../server/test/local-s3.js';
import { photo } from './lib/photo.js';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const UPLOADS = Number(process.env['MEDIA_UPLOADS'] ?? 12);
const WARM_UP = 2;


const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
const cpuMs = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
};
const statusKiB = (pid: number, name: string): number => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
const round = (n: number): number => Math.round(n * 10) / 10;
const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

async function measure(jpeg: Buffer, label: string, env: Record<string, string>): Promise<Record<string, number>> {
  const mediaDir = path.resolve('.tmp', `bench-media-${process.pid}`);
  rmSync(mediaDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/media-server.ts'], { env: { ...process.env, ...env, MEDIA_DIR: mediaDir }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /listening (http:\/\/\S+)/.exec(output);
        if (found?.[1]) resolve(found[1]);
      });
      child.once('exit', (code) => reject(new Error(`the media server exited (${code})`)));
    });
    const pid = child.pid as number;

    // A session and its nonce.
    const first = await fetch(`${url}/wp-json/wc/store/v1/cart`);
    const cookie = (first.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const nonce = first.headers.get('nonce') ?? '';
    await first.arrayBuffer();

    const upload = async (): Promise<{ ms: number; cpu: number }> => {
      const form = new FormData();
      form.append('item', '-1');
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'IMG_0001.JPG');
      const cpuBefore = cpuMs(pid);
      const started = performance.now();
      const response = await fetch(`${url}/wp-json/suki/v1/reviews/media`, { method: 'POST', body: form, headers: { cookie, nonce, origin: url } });
      const body = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${body}`);
      // Let the process settle (its /proc counters tick at 10 ms).
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { ms, cpu: cpuMs(pid) - cpuBefore };
    };

    const rssIdleMiB = statusKiB(pid, 'VmRSS') / 1024;
    for (let i = 0; i < WARM_UP; i += 1) await upload();
    const rssBeforeMiB = statusKiB(pid, 'VmRSS') / 1024;
    // Reset the peak (VmHWM) so it covers the measured uploads only.
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      // not allowed here: the peak then includes start-up
    }
    const samples: { ms: number; cpu: number }[] = [];
    for (let i = 0; i < UPLOADS; i += 1) samples.push(await upload());
    const peakMiB = statusKiB(pid, 'VmHWM') / 1024;
    const times = samples.map((s) => s.ms).sort((a, b) => a - b);
    const cpus = samples.map((s) => s.cpu).sort((a, b) => a - b);
    const result = {
      photo_bytes: jpeg.length,
      uploads: UPLOADS,
      answer_p50_ms: round(percentile(times, 50)),
      answer_p90_ms: round(percentile(times, 90)),
      answer_max_ms: round(times.at(-1) ?? Number.NaN),
      server_cpu_p50_ms: round(percentile(cpus, 50)),
      server_cpu_max_ms: round(cpus.at(-1) ?? Number.NaN),
      server_rss_idle_mib: round(rssIdleMiB),
      server_rss_before_mib: round(rssBeforeMiB),
      server_rss_peak_mib: round(peakMiB),
    };
    console.log(`upload of a ${(jpeg.length / 1e6).toFixed(1)} MB photo, ${UPLOADS} in a row, storage on ${label} (no target; figures only):`);
    console.log(`  time to answer   p50 ${result.answer_p50_ms} ms, p90 ${result.answer_p90_ms} ms, max ${result.answer_max_ms} ms`);
    console.log(`  server CPU time  p50 ${result.server_cpu_p50_ms} ms, max ${result.server_cpu_max_ms} ms per upload (user + system, all threads)`);
    console.log(`  server memory    ${result.server_rss_idle_mib} MiB resident before any upload, ${result.server_rss_before_mib} MiB after ${WARM_UP} warm-up uploads, peak ${result.server_rss_peak_mib} MiB during the measured ones`);
    return result;
  } finally {
    child.kill('SIGTERM');
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const jpeg = await photo();
  console.log(`photo: ${(jpeg.length / 1e6).toFixed(2)} MB, 4000×3000 JPEG`);
  const folder = await measure(jpeg, 'a folder', {});
  const s3 = await startLocalS3('bench-media');
  let bucket: Record<string, number>;
  try {
    bucket = await measure(jpeg, 'a local S3-compatible server', {
      SUKI_MEDIA_URL: `s3://${s3.bucket}?endpoint=${s3.endpoint}`,
      SUKI_MEDIA_ACCESS_KEY_ID: 'S3RVER',
      SUKI_MEDIA_SECRET_ACCESS_KEY: 'S3RVER',
    });
  } finally {
    await s3.close();
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/server-media.json', `${JSON.stringify({ folder, s3: bucket }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
