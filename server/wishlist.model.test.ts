/**
 * Model-based test of the wishlist over HTTP (`fc.commands`): two shoppers add, remove, change
 * quantities, move, sort, create and delete lists in any order, each sometimes aiming at the other's
 * lists and rows. After every step both shoppers' states equal the model's: their own changes
 * land exactly, and nothing aimed at the other's lists changes them (those answer 404).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WishlistAddAnswer, WishlistState } from '../src/core/domain/wishlist.js';
import { STORE, type StoreProductJson } from './test/harness.js';
import { startWishlistShop, WISHLIST, WishlistBrowser, type WishlistShop } from './test/wishlist.js';

interface ModelItem {
  rowId: number;
  productId: number;
  quantity: number;
}
interface ModelList {
  id: number;
  title: string;
  privacy: number;
  isDefault: boolean;
  items: ModelItem[];
}
interface Model {
  lists: [ModelList[], ModelList[]];
}
interface Real {
  readonly shoppers: [WishlistBrowser, WishlistBrowser];
}

let shop: WishlistShop;
let catalogue: number[] = [];

beforeAll(async () => {
  shop = await startWishlistShop();
  const all = await new WishlistBrowser(shop.url).fetch(`${STORE}/products?per_page=12&type=simple`);
  catalogue = ((await all.json()) as StoreProductJson[]).map((p) => p.id);
}, 60_000);
afterAll(async () => {
  expect(shop.logger.errors).toEqual([]);
  await shop.close();
});

/** The state the model says a shopper has. */
const expected = (lists: readonly ModelList[]) => ({
  lists: lists.map((l) => [l.id, l.title, l.privacy, l.isDefault, l.items.length]),
  entries: lists.flatMap((l) => l.items.map((i, position) => [i.rowId, l.id, i.productId, i.quantity, position])),
});
const actual = (state: WishlistState) => ({
  lists: state.lists.map((l) => [l.id, l.title, l.privacy, l.isDefault, l.itemCount]),
  entries: state.entries.map((e) => [e.rowId, e.wishlistId, e.productId, e.quantity, e.position]),
});

const checkBoth = async (m: Model, r: Real) => {
  for (const who of [0, 1] as const) {
    const state = (await r.shoppers[who].state()).body;
    expect(actual(state)).toEqual(expected(m.lists[who]));
  }
};

/** A row or list reference: one's own (by index) or the other shopper's. */
type Ref = { readonly mine: boolean; readonly pick: number };
// Mostly one's own lists and rows (so they build up), sometimes the other shopper's.
const refArb = fc.record({ mine: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }), pick: fc.nat(50) });
const pickList = (m: Model, who: 0 | 1, ref: Ref): { list: ModelList; own: boolean } | null => {
  const lists = m.lists[ref.mine ? who : ((1 - who) as 0 | 1)];
  const list = lists[ref.pick % Math.max(1, lists.length)];
  return list ? { list, own: ref.mine } : null;
};
const pickRow = (m: Model, who: 0 | 1, ref: Ref): { list: ModelList; item: ModelItem; own: boolean } | null => {
  const lists = m.lists[ref.mine ? who : ((1 - who) as 0 | 1)];
  const rows = lists.flatMap((list) => list.items.map((item) => ({ list, item })));
  const row = rows[ref.pick % Math.max(1, rows.length)];
  return row ? { ...row, own: ref.mine } : null;
};

const promoteHeir = (lists: ModelList[]) => {
  if (lists.length > 0 && !lists.some((l) => l.isDefault)) {
    const heir = lists[0];
    if (heir) {
      heir.isDefault = true;
    }
  }
};
/** Lists as the server orders them: the default first, then by creation (the model keeps creation order). */
const ordered = (lists: ModelList[], created: number[]) => lists.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || created.indexOf(a.id) - created.indexOf(b.id));
const createdOrder: [number[], number[]] = [[], []];

class Add implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: 0 | 1,
    readonly product: number,
    readonly target: Ref | null,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const productId = catalogue[this.product % catalogue.length] ?? 0;
    const aimed = this.target ? pickList(m, this.who, this.target) : null;
    const answer = await r.shoppers[this.who].json<WishlistAddAnswer>('POST', `${WISHLIST}/items`, { productId, productType: 'simple', wishlistId: aimed ? aimed.list.id : null });
    const mine = m.lists[this.who];
    if (aimed && !aimed.own) {
      expect(answer.status).toBe(404);
    } else {
      expect(answer.status).toBe(200);
      let list = aimed?.list ?? mine.find((l) => l.isDefault);
      if (!list) {
        list = { id: answer.body.state.defaultListId ?? 0, title: '', privacy: 0, isDefault: true, items: [] };
        mine.push(list);
        createdOrder[this.who].push(list.id);
      }
      const there = list.items.some((i) => i.productId === productId);
      expect(answer.body.result).toBe(there ? 'exists' : 'true');
      if (!there) list.items.push({ rowId: answer.body.state.entries.find((e) => e.wishlistId === list.id && e.productId === productId)?.rowId ?? 0, productId, quantity: 1 });
      ordered(mine, createdOrder[this.who]);
    }
    await checkBoth(m, r);
  }
  toString = () => `Add(${this.who}, ${this.product}, ${JSON.stringify(this.target)})`;
}

class Remove implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: 0 | 1,
    readonly row: Ref,
  ) {}
  check = (m: Readonly<Model>) => pickRow(m as Model, this.who, this.row) !== null;
  async run(m: Model, r: Real) {
    const found = pickRow(m, this.who, this.row);
    if (!found) return;
    const answer = await r.shoppers[this.who].json('DELETE', `${WISHLIST}/items/${found.item.rowId}`);
    if (!found.own) expect(answer.status).toBe(404);
    else {
      expect(answer.status).toBe(200);
      found.list.items = found.list.items.filter((i) => i !== found.item);
    }
    await checkBoth(m, r);
  }
  toString = () => `Remove(${this.who}, ${JSON.stringify(this.row)})`;
}

class Quantity implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: 0 | 1,
    readonly row: Ref,
    readonly quantity: number,
  ) {}
  check = (m: Readonly<Model>) => pickRow(m as Model, this.who, this.row) !== null;
  async run(m: Model, r: Real) {
    const found = pickRow(m, this.who, this.row);
    if (!found) return;
    const answer = await r.shoppers[this.who].json('PATCH', `${WISHLIST}/items/${found.item.rowId}`, { quantity: this.quantity });
    if (!found.own) expect(answer.status).toBe(404);
    else {
      expect(answer.status).toBe(200);
      found.item.quantity = this.quantity;
    }
    await checkBoth(m, r);
  }
  toString = () => `Quantity(${this.who}, ${JSON.stringify(this.row)}, ${this.quantity})`;
}

class Move implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: 0 | 1,
    readonly row: Ref,
    readonly to: Ref,
  ) {}
  check = (m: Readonly<Model>) => pickRow(m as Model, this.who, this.row) !== null && pickList(m as Model, this.who, this.to) !== null;
  async run(m: Model, r: Real) {
    const found = pickRow(m, this.who, this.row);
    const dest = pickList(m, this.who, this.to);
    if (!found || !dest) return;
    const answer = await r.shoppers[this.who].json('PATCH', `${WISHLIST}/items/${found.item.rowId}`, { moveTo: dest.list.id });
    if (!found.own || !dest.own) expect(answer.status).toBe(404);
    else {
      expect(answer.status).toBe(200);
      if (dest.list !== found.list) {
        const there = dest.list.items.find((i) => i.productId === found.item.productId);
        found.list.items = found.list.items.filter((i) => i !== found.item);
        if (there) there.quantity = Math.max(there.quantity, found.item.quantity);
        else dest.list.items.push(found.item);
      }
    }
    await checkBoth(m, r);
  }
  toString = () => `Move(${this.who}, ${JSON.stringify(this.row)}, ${JSON.stringify(this.to)})`;
}

class Sort implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: 0 | 1,
    readonly list: Ref,
    readonly seed: number,
  ) {}
  check = (m: Readonly<Model>) => pickList(m as Model, this.who, this.list) !== null;
  async run(m: Model, r: Real) {
    const found = pickList(m, this.who, this.list);
    if (!found) return;
    const items = [...found.list.items];
    // A rotation by the seed: a new order that keeps every row once.
    const k = items.length === 0 ? 0 : this.seed % items.length;
    const next = [...items.slice(k), ...items.slice(0, k)];
    const answer = await r.shoppers[this.who].json('PUT', `${WISHLIST}/lists/${found.list.id}/positions`, { rowIds: next.map((i) => i.rowId) });
    if (!found.own) expect(answer.status).toBe(404);
    else {
      expect(answer.status).toBe(200);
      found.list.items = next;
    }
    await checkBoth(m, r);
  }
  toString = () => `Sort(${this.who}, ${JSON.stringify(this.list)}, ${this.seed})`;
}

class CreateList implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: 0 | 1,
    readonly name: string,
    readonly privacy: 0 | 1 | 2,
  ) {}
  check = (m: Readonly<Model>) => m.lists[this.who].length < 4;
  async run(m: Model, r: Real) {
    const answer = await r.shoppers[this.who].json<WishlistState>('POST', `${WISHLIST}/lists`, { name: this.name, privacy: this.privacy });
    expect(answer.status).toBe(201);
    const mine = m.lists[this.who];
    const known = new Set(mine.map((l) => l.id));
    const made = answer.body.lists.find((l) => !known.has(l.id));
    mine.push({ id: made?.id ?? 0, title: this.name.trim(), privacy: this.privacy, isDefault: mine.length === 0, items: [] });
    createdOrder[this.who].push(made?.id ?? 0);
    ordered(mine, createdOrder[this.who]);
    await checkBoth(m, r);
  }
  toString = () => `CreateList(${this.who}, ${JSON.stringify(this.name)}, ${this.privacy})`;
}

class DeleteList implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: 0 | 1,
    readonly list: Ref,
  ) {}
  check = (m: Readonly<Model>) => pickList(m as Model, this.who, this.list) !== null;
  async run(m: Model, r: Real) {
    const found = pickList(m, this.who, this.list);
    if (!found) return;
    const answer = await r.shoppers[this.who].json('DELETE', `${WISHLIST}/lists/${found.list.id}`);
    if (!found.own) expect(answer.status).toBe(404);
    else {
      expect(answer.status).toBe(200);
      const mine = m.lists[this.who];
      mine.splice(mine.indexOf(found.list), 1);
      // The oldest remaining list becomes the default.
      mine.sort((a, b) => createdOrder[this.who].indexOf(a.id) - createdOrder[this.who].indexOf(b.id));
      promoteHeir(mine);
      ordered(mine, createdOrder[this.who]);
    }
    await checkBoth(m, r);
  }
  toString = () => `DeleteList(${this.who}, ${JSON.stringify(this.list)})`;
}

const who = fc.constantFrom<0 | 1>(0, 0, 0, 1);
const commands = [
  fc.tuple(who, fc.nat(3), fc.option(refArb, { nil: null })).map(([w, p, t]) => new Add(w, p, t)),
  fc.tuple(who, refArb).map(([w, r]) => new Remove(w, r)),
  fc.tuple(who, refArb, fc.integer({ min: 1, max: 9999 })).map(([w, r, q]) => new Quantity(w, r, q)),
  fc.tuple(who, refArb, refArb).map(([w, r, t]) => new Move(w, r, t)),
  fc.tuple(who, refArb, fc.nat(10)).map(([w, l, s]) => new Sort(w, l, s)),
  fc.tuple(who, fc.constantFrom('Gifts', ' Kape ', '<b>Mine</b>', 'Ünïcødé 😀'), fc.constantFrom<0 | 1 | 2>(0, 1, 2)).map(([w, n, p]) => new CreateList(w, n, p)),
  fc.tuple(who, refArb).map(([w, l]) => new DeleteList(w, l)),
];
// Lists are made more often than deleted, and rows moved more often than the rest, so a shopper
// soon has several lists holding the same products (moves that merge).
const weighted = [...commands, commands[0]!, commands[3]!, commands[3]!, commands[5]!, commands[5]!];

describe('the wishlist as a state machine', () => {
  it('two shoppers, any order of changes, each other’s ids included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(weighted, { maxCommands: 40, size: 'large' }), async (cmds) => {
        createdOrder[0] = [];
        createdOrder[1] = [];
        const setup = () => ({ model: { lists: [[], []] } as Model, real: { shoppers: [new WishlistBrowser(shop.url, '203.0.113.71'), new WishlistBrowser(shop.url, '203.0.113.72')] } as Real });
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
