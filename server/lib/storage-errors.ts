/**
 * Start-up problems with the data folder, said plainly: a full disk, a read-only folder, a file
 * where the folder should be. The server prints the one message and exits non-zero, without a
 * stack trace (`server/main.ts`).
 */
import { access, mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';

/** An error whose message is all the operator needs; printed as it is. */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

type Problem = 'full' | 'read-only' | 'denied' | 'not-a-folder';

/**
 * Node's error codes, and the errno numbers of Emscripten's file system, which PGlite's errors
 * carry (`ErrnoError` with `errno` 51 for ENOSPC, 69 for EROFS, 2 for EACCES, 63 for EPERM, 54 for
 * ENOTDIR, 20 for EEXIST).
 */
const BY_CODE: Readonly<Record<string, Problem>> = { ENOSPC: 'full', EDQUOT: 'full', EROFS: 'read-only', EACCES: 'denied', EPERM: 'denied', ENOTDIR: 'not-a-folder', EEXIST: 'not-a-folder' };
const BY_EMSCRIPTEN_ERRNO: Readonly<Record<number, Problem>> = { 51: 'full', 69: 'read-only', 2: 'denied', 63: 'denied', 54: 'not-a-folder', 20: 'not-a-folder' };

/** What kind of storage problem an error (or any error in its `cause` chain) is, if any. */
export function storageProblemOf(error: unknown): Problem | null {
  for (let current: unknown = error, depth = 0; current !== null && typeof current === 'object' && depth < 8; depth += 1) {
    const { code, errno, name, message } = current as { code?: unknown; errno?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && BY_CODE[code]) return BY_CODE[code];
    if (name === 'ErrnoError' && typeof errno === 'number' && BY_EMSCRIPTEN_ERRNO[errno]) return BY_EMSCRIPTEN_ERRNO[errno];
    if (typeof message === 'string') {
      if (/no space left on device|disk (?:is )?full/i.test(message)) return 'full';
      if (/read-only file system/i.test(message)) return 'read-only';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The operator's message for a storage problem in `dir`, or null when the error is something else. */
export function describeStorageError(error: unknown, dir: string): string | null {
  const where = path.resolve(dir);
  switch (storageProblemOf(error)) {
    case 'full':
      return `The disk is full: there is no space left to write the shop's data in ${where}. Free some space on that disk, or set SUKI_DATA_DIR to a folder on a disk with room, and start again.`;
    case 'read-only':
      return `The data folder ${where} is read-only (its file system is mounted read-only), so the shop cannot keep its database there. Set SUKI_DATA_DIR to a writable folder, or mount it read-write.`;
    case 'denied':
      return `The data folder ${where} is read-only for this user (permission denied), so the shop cannot keep its database there. Give the user that runs the shop write access to it, or set SUKI_DATA_DIR to a folder it may write.`;
    case 'not-a-folder':
      return `The data folder ${where} cannot be made: something on that path is a file, not a folder. Move the file away, or set SUKI_DATA_DIR to another folder.`;
    default:
      return null;
  }
}

/** The file operations {@link prepareDataDir} needs (tests hand in failing ones). */
export interface DataDirFs {
  mkdir(dir: string, options: { recursive: true }): Promise<unknown>;
  writeProbe(file: string, bytes: Uint8Array): Promise<void>;
  remove(file: string): Promise<void>;
}

/**
 * `mkdir -p` that reports the real reason: Node's recursive mkdir says ENOENT when a missing folder
 * cannot be made on a read-only file system, so the missing folders are then made one by one.
 */
async function makeFolders(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
    const missing: string[] = [];
    for (let current = path.resolve(dir); ; current = path.dirname(current)) {
      try {
        await access(current);
        break;
      } catch {
        missing.unshift(current);
        if (path.dirname(current) === current) break;
      }
    }
    for (const folder of missing) await mkdir(folder);
    throw error;
  }
}

const nodeFs: DataDirFs = {
  mkdir: (dir) => makeFolders(dir),
  writeProbe: async (file, bytes) => {
    const handle = await open(file, 'w');
    try {
      await handle.write(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  remove: (file) => rm(file, { force: true }),
};

/** Size of the probe write: enough to fail on a full disk before the database is half made. */
const PROBE_BYTES = 256 * 1024;

/**
 * Makes the data folder and proves it writable (creates, fills, syncs and removes a probe file).
 * @throws StartupError with a plain message for a full disk or a read-only or misplaced folder.
 */
export async function prepareDataDir(dir: string, fs: DataDirFs = nodeFs): Promise<void> {
  const probe = path.join(dir, `.suki-write-test-${process.pid}`);
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeProbe(probe, new Uint8Array(PROBE_BYTES));
  } catch (error) {
    await fs.remove(probe).catch(() => undefined);
    const message = describeStorageError(error, dir);
    if (message) throw new StartupError(message, { cause: error });
    throw error;
  }
  await fs.remove(probe);
}
