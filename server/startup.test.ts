/**
 * Clear start-up errors: a full disk says so and where, a read-only data folder says it is
 * read-only; the server exits non-zero with that one message and no stack trace.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStorageError, prepareDataDir, StartupError, type DataDirFs } from './lib/storage-errors.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'suki-startup-'));
const mounts: string[] = [];
afterAll(() => {
  for (const mount of mounts) spawnSync('umount', [mount]);
  rmSync(scratch, { recursive: true, force: true });
});

const failing = (at: 'mkdir' | 'write', error: unknown): DataDirFs => ({
  mkdir: async () => {
    if (at === 'mkdir') throw error;
  },
  writeProbe: async () => {
    if (at === 'write') throw error;
  },
  remove: async () => undefined,
});
const nodeError = (code: string, message: string) => Object.assign(new Error(`${code}: ${message}`), { code });

describe('prepareDataDir', () => {
  it('says the disk is full, and where, when a write fails with ENOSPC', async () => {
    const attempt = prepareDataDir('/srv/suki/pglite', failing('write', nodeError('ENOSPC', 'no space left on device, write')));
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    await expect(attempt).rejects.toThrow(/^The disk is full: .* in \/srv\/suki\/pglite\./);
  });

  it('says the folder is read-only for EROFS, EACCES and EPERM', async () => {
    for (const code of ['EROFS', 'EACCES', 'EPERM']) {
      await expect(prepareDataDir('/srv/suki/pglite', failing('mkdir', nodeError(code, 'nope')))).rejects.toThrow(/^The data folder \/srv\/suki\/pglite is read-only/);
    }
  });

  it('recognises the database engine’s own file-system errors (PGlite’s Emscripten errno) and causes', () => {
    const pglite = Object.assign(new Error(), { name: 'ErrnoError', errno: 51 });
    expect(describeStorageError(pglite, '/d')).toMatch(/^The disk is full/);
    expect(describeStorageError(Object.assign(new Error(), { name: 'ErrnoError', errno: 69 }), '/d')).toMatch(/read-only/);
    expect(describeStorageError(new Error('migration failed', { cause: nodeError('ENOSPC', 'x') }), '/d')).toMatch(/^The disk is full/);
    expect(describeStorageError(new Error('connection refused'), '/d')).toBeNull();
  });

  it('passes other errors on unchanged', async () => {
    const other = new Error('something else');
    await expect(prepareDataDir('/d', failing('write', other))).rejects.toBe(other);
  });
});

/** Runs the production server with a data folder; returns how it ended. */
function start(dataDir: string, uid?: number): { status: number | null; stderr: string; stdout: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    ...(uid === undefined ? {} : { uid, gid: uid }),
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', SUKI_DATA_DIR: dataDir, DATABASE_URL: '', SUKI_UPSTREAM: '' },
    encoding: 'utf8',
    // Start-up compiles the server with tsx and makes a database: slow while another test file runs
    // beside this one on a 2-core machine.
    timeout: 150_000,
  });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

const expectOneClearLine = (run: { status: number | null; stderr: string }, pattern: RegExp) => {
  expect(run.status).not.toBe(0);
  expect(run.status).not.toBeNull();
  expect(run.stderr.trim()).toMatch(pattern);
  expect(run.stderr).not.toMatch(/\n\s+at |node:internal|Error:/);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
};

/** A small tmpfs (root with mount rights only); null when this machine cannot mount one. */
function tmpfs(name: string, options: string): string | null {
  const dir = path.join(scratch, name);
  mkdirSync(dir, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  if (mounted.status !== 0) return null;
  mounts.push(dir);
  return dir;
}

// The server is started on PGlite in the data folder whatever the run's database (`DATABASE_URL` is
// emptied above): the PostgreSQL run of the server tests would only repeat these (16 s there).
describe.skipIf(Boolean(process.env['DATABASE_URL']))('starting the server on a data folder it cannot use', { timeout: 180_000 }, () => {
  it('exits with one clear line when a file stands where the data folder should be', () => {
    const file = path.join(scratch, 'not-a-folder');
    writeFileSync(file, 'x');
    expectOneClearLine(start(file), /^The data folder .*not-a-folder\/pglite cannot be made: something on that path is a file, not a folder\./);
  });

  it('exits with one clear line when the data folder is read-only for this user (chmod; as root, run as nobody)', (context) => {
    const asRoot = process.getuid?.() === 0;
    // As root, `nobody` must be able to run Node and read the project (a clone under a private home cannot).
    const canRun = !asRoot || spawnSync(process.execPath, ['-e', `require('node:fs').accessSync(${JSON.stringify(path.join(root, 'server/main.ts'))})`], { uid: 65_534, gid: 65_534 }).status === 0;
    if (!canRun) return context.skip();
    const dir = path.join(scratch, 'locked');
    mkdirSync(dir);
    chmodSync(scratch, 0o755);
    chmodSync(dir, 0o555);
    // Root may write anywhere, so as root the server runs as `nobody` (uid 65534) for this one.
    expectOneClearLine(start(dir, asRoot ? 65_534 : undefined), /^The data folder .*locked\/pglite is read-only for this user/);
  });

  it('exits with one clear line on a read-only file system (a read-only tmpfs, where mounting is allowed)', (context) => {
    const dir = tmpfs('readonly', 'ro,size=1m');
    if (!dir) return context.skip();
    expectOneClearLine(start(dir), /^The data folder .*readonly\/pglite is read-only \(its file system is mounted read-only\)/);
  });

  it('exits with one clear line when the disk fills up while the database is made (a 2 MiB tmpfs)', (context) => {
    const dir = tmpfs('full', 'size=2m');
    if (!dir) return context.skip();
    expectOneClearLine(start(dir), /^The disk is full: there is no space left to write the shop's data in .*full\/pglite\./);
  });
});
