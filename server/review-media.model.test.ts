/**
 * Model-based test of review uploads (`fc.commands`): two sessions upload, attach (their own and
 * each other's uploads, right and wrong keys, retries, other reviews, too many), delete uploads and
 * delete reviews in any order; after every step the database says exactly what the model says: an
 * upload is attached to at most one review, only by its owner with its key, and a deleted review's
 * media are gone while every other review keeps its own.
 */
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedMedia } from '../src/core/domain/reviews.js';
import { reviewMedia } from './db/schema.js';
import { reviewMediaService, type PreparedMedia, type ReviewMediaService } from './services/review-media.js';
import type { MediaStorage, StoredObject } from './storage/port.js';
import { memoryLogger, openTestDatabase, type TestDatabase } from './test/harness.js';

/** The storage port in memory (the contract suite covers the real ones). */
function memoryStorage(): MediaStorage & { readonly keys: () => string[] } {
  const objects = new Map<string, { bytes: Uint8Array; type: string }>();
  return {
    describe: 'memory',
    keys: () => [...objects.keys()],
    put: async (key, body, contentType) => {
      if (!(body instanceof Uint8Array)) throw new Error('bytes only here');
      objects.set(key, { bytes: body, type: contentType });
    },
    get: async (key): Promise<StoredObject | null> => {
      const found = objects.get(key);
      return found ? { body: new Blob([new Uint8Array(found.bytes)]).stream(), size: found.bytes.length, contentType: found.type, range: null } : null;
    },
    delete: async (key) => {
      objects.delete(key);
    },
    exists: async (key) => objects.has(key),
  };
}

const LIMIT = 3;
const tinyPicture: PreparedMedia = {
  kind: 'image',
  image: { main: { bytes: Buffer.from('main'), mime: 'image/png', ext: 'png' }, thumb: { bytes: Buffer.from('thumb'), mime: 'image/png', ext: 'png' }, width: 1, height: 1 },
};

interface Upload {
  readonly id: number;
  readonly key: string;
  readonly owner: 0 | 1;
  reviewId: number | null;
}
interface Model {
  uploads: Upload[];
}
interface Real {
  readonly service: ReviewMediaService;
  readonly db: TestDatabase['database']['db'];
  readonly sessions: readonly [string, string];
  /** Review ids of this run (unique across runs). */
  readonly reviews: readonly number[];
  readonly ids: number[];
}

const wrongKey = (key: string): string => (key.startsWith('0') ? `1${key.slice(1)}` : `0${key.slice(1)}`);

class UploadCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly owner: 0 | 1) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const pair = await real.service.store(real.db, real.sessions[this.owner], -1, tinyPicture);
    real.ids.push(pair.id);
    model.uploads.push({ ...pair, owner: this.owner, reviewId: null });
  }
  toString = () => `upload(${this.owner})`;
}

class AttachCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly session: 0 | 1,
    readonly picks: ReadonlyArray<{ readonly index: number; readonly rightKey: boolean }>,
    readonly review: number,
  ) {}
  check = (model: Readonly<Model>) => model.uploads.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const chosen = this.picks.map((pick) => ({ upload: model.uploads[pick.index % model.uploads.length] as Upload, rightKey: pick.rightKey }));
    const pairs: UploadedMedia[] = chosen.map(({ upload, rightKey }) => ({ id: upload.id, key: rightKey ? upload.key : wrongKey(upload.key) }));
    const reviewId = real.reviews[this.review] as number;
    const unique = new Map(pairs.map((pair) => [pair.id, pair]));
    const consistent = [...unique.values()].every((pair) => pairs.every((other) => other.id !== pair.id || other.key === pair.key));
    const allowed =
      consistent &&
      unique.size <= LIMIT &&
      chosen.every(({ upload, rightKey }) => upload.owner === this.session && rightKey && (upload.reviewId === null || upload.reviewId === reviewId));
    const result = await real.db.transaction((tx) => real.service.attach(tx, real.sessions[this.session], pairs, reviewId));
    expect(result.ok, `attach ${JSON.stringify(this.picks)}`).toBe(allowed || pairs.length === 0);
    if (result.ok) for (const { upload } of chosen) upload.reviewId = reviewId;
  }
  toString = () => `attach(${this.session}, ${JSON.stringify(this.picks)}, review ${this.review})`;
}

class RemoveCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly session: 0 | 1,
    readonly index: number,
    readonly rightKey: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.uploads.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const upload = model.uploads[this.index % model.uploads.length] as Upload;
    const expected = upload.owner === this.session && this.rightKey && upload.reviewId === null;
    expect(await real.service.remove(real.db, real.sessions[this.session], upload.id, this.rightKey ? upload.key : wrongKey(upload.key))).toBe(expected);
    if (expected) model.uploads = model.uploads.filter((u) => u !== upload);
  }
  toString = () => `remove(${this.session}, #${this.index}, ${this.rightKey ? 'right' : 'wrong'} key)`;
}

class DeleteReviewCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly review: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const reviewId = real.reviews[this.review] as number;
    await real.db.transaction((tx) => real.service.deleteForReview(tx, reviewId));
    await real.service.purgeUnattached(real.db);
    model.uploads = model.uploads.filter((u) => u.reviewId !== reviewId);
  }
  toString = () => `deleteReview(${this.review})`;
}

/** The database and the storage agree with the model. */
async function agree(model: Model, real: Real, storage: ReturnType<typeof memoryStorage>): Promise<void> {
  const rows = real.ids.length === 0 ? [] : await real.db.select().from(reviewMedia).where(inArray(reviewMedia.id, real.ids));
  expect(rows.map((row) => [row.id, row.reviewId]).sort()).toEqual(model.uploads.map((u) => [u.id, u.reviewId]).sort());
  const media = await real.service.forReviews(real.db, real.reviews, () => '');
  for (const reviewId of real.reviews) {
    expect((media.get(reviewId) ?? []).map((m) => m.id).sort()).toEqual(model.uploads.filter((u) => u.reviewId === reviewId).map((u) => u.id).sort());
  }
  const stored = new Set(storage.keys());
  for (const row of rows) expect(stored.has(row.storageKey) && stored.has(row.thumbKey ?? '')).toBe(true);
}

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.dispose();
});

describe('review uploads as a state machine', () => {
  it('attach, remove and review deletion do what the model says, in any order', async () => {
    let run = 0;
    const index = fc.nat({ max: 6 });
    const session = fc.constantFrom<0 | 1>(0, 1);
    // Mostly the right key, so the interesting cases (retries, other reviews, limits) come up often.
    const rightKey = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
    const commands = [
      session.map((s) => new UploadCommand(s)),
      fc.tuple(session, fc.array(fc.record({ index, rightKey }), { minLength: 0, maxLength: 4 }), fc.nat({ max: 2 })).map(([s, picks, review]) => new AttachCommand(s, picks, review)),
      fc.tuple(session, index, rightKey).map(([s, i, right]) => new RemoveCommand(s, i, right)),
      fc.nat({ max: 2 }).map((review) => new DeleteReviewCommand(review)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        run += 1;
        const storage = memoryStorage();
        const service = reviewMediaService({ storage, db: db.database.db, limit: LIMIT, logger: memoryLogger() });
        const real: Real = {
          service,
          db: db.database.db,
          sessions: [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')],
          reviews: [run * 10 + 1, run * 10 + 2, run * 10 + 3],
          ids: [],
        };
        const model: Model = { uploads: [] };
        await fc.asyncModelRun(() => ({ model, real }), [...cmds].map((cmd) => wrap(cmd, storage)));
        await agree(model, real, storage);
      }),
      { numRuns: 150 },
    );
  }, 180_000);
});

/** Checks the agreement after every command. */
function wrap(cmd: fc.AsyncCommand<Model, Real>, storage: ReturnType<typeof memoryStorage>): fc.AsyncCommand<Model, Real> {
  return {
    check: (model) => cmd.check(model),
    run: async (model, real) => {
      await cmd.run(model, real);
      await agree(model, real, storage);
    },
    toString: () => cmd.toString(),
  };
}
