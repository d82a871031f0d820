/**
 * Places the orders the end-to-end tests read back (order tracking), on the e2e server's fresh data
 * folder, before the server opens it: through the shop's own services (a cart, then `placeOrder`),
 * as a checkout would. Writes `<dataDir>/e2e-orders.json` with what the tests need to know.
 * Run by `scripts/e2e-server.mjs`; not part of the shop.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, gt } from 'drizzle-orm';
import { DEFAULT_SHIPPING } from '../src/core/rules/shipping.js';
import { openDatabase } from '../server/db/client.js';
import { products, sessions } from '../server/db/schema.js';
import { parameterRunner } from '../server/db/statements.js';
import { addToCart } from '../server/services/cart.js';
import { placeOrder } from '../server/services/orders.js';

/** The billing email of the tracked order. */
const EMAIL = 'tracking.e2e@example.ph';
const address = { first_name: 'Liza', last_name: 'Soberano', company: '', address_1: '8 Katipunan Ave', address_2: 'Loyola Heights', city: 'Quezon City', state: '00', postcode: '1108', country: 'PH', phone: '+639171234567' };

async function main(): Promise<void> {
  const dataDir = process.env['SUKI_DATA_DIR'] ?? '.tmp/e2e-data';
  const database = await openDatabase({ dataDir });
  try {
    const ctx = { db: database.db, run: database.statements ?? parameterRunner };
    // A simple product with stock to spare, so the order takes nothing another test counts on.
    const [product] = await ctx.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.type, 'simple'), gt(products.stockQuantity, 20)))
      .orderBy(products.id)
      .limit(1);
    if (!product) throw new Error('no simple product with stock to order');
    const session = `e2eorder${'0'.repeat(56)}`;
    await ctx.db.insert(sessions).values({ id: session, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await ctx.db.transaction((tx) => addToCart({ db: tx, run: ctx.run }, session, { id: product.id, quantity: 2 }));
    const placed = await placeOrder(
      ctx,
      session,
      { billing: { ...address, email: EMAIL }, shipping: address, customerNote: '', paymentMethod: 'cod', shippingRate: null, attemptKey: null },
      { shipping: DEFAULT_SHIPPING, now: Date.now() },
    );
    await writeFile(path.join(dataDir, 'e2e-orders.json'), JSON.stringify({ tracked: { id: placed.id, email: EMAIL, product: product.name, quantity: 2 } }));
    console.log(`e2e: order #${placed.id} placed for ${EMAIL}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('e2e: could not place the test orders', error);
  process.exit(1);
});
