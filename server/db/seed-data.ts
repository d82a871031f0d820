/**
 * The demo catalogue: a small Philippine shop. Everything here is invented (brands, products,
 * ratings) and deterministic, so tests and screenshots see the same shop on every machine.
 */

/** A category of the demo shop. */
export interface SeedCategory {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly description: string;
}

export const SEED_CATEGORIES: readonly SeedCategory[] = [
  { id: 15, name: 'Barong & Filipiniana', slug: 'barong-filipiniana', description: 'Formal and everyday wear in piña, jusi and linen, embroidered by hand.' },
  { id: 16, name: 'Tees', slug: 'tees', description: 'Soft cotton tees with prints drawn by Filipino illustrators.' },
  { id: 17, name: 'Bags & Bayong', slug: 'bags-bayong', description: 'Woven bayong, totes and pouches made from buri, abaca and rattan.' },
  { id: 18, name: 'Home & Kitchen', slug: 'home-kitchen', description: 'Wood, clay, capiz and woven goods for the table and the home.' },
  { id: 19, name: 'Coffee & Pantry', slug: 'coffee-pantry', description: 'Coffee from the Cordilleras and Batangas, sweets and pantry staples.' },
  { id: 20, name: 'Accessories', slug: 'accessories', description: 'Jewellery, hats, scarves and small leather goods.' },
  { id: 21, name: 'Footwear', slug: 'footwear', description: 'Marikina-made leather shoes, espadrilles, bakya and sandals.' },
];

/** An invented local brand. */
export interface SeedBrand {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
}

export const SEED_BRANDS: readonly SeedBrand[] = [
  { id: 30, name: 'Habi Lane', slug: 'habi-lane' },
  { id: 31, name: 'Sinag Studio', slug: 'sinag-studio' },
  { id: 32, name: 'Tahanan Goods', slug: 'tahanan-goods' },
  { id: 33, name: 'Bukid Roasters', slug: 'bukid-roasters' },
  { id: 34, name: 'Lakbay Leather', slug: 'lakbay-leather' },
  { id: 35, name: 'Alon Supply Co.', slug: 'alon-supply' },
  { id: 36, name: 'Mayumi Crafts', slug: 'mayumi-crafts' },
  { id: 37, name: 'Kalye Threads', slug: 'kalye-threads' },
];

/** A term of a global attribute. */
export interface SeedTerm {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly hex?: string;
}

export const COLOUR_ATTRIBUTE = { id: 1, name: 'Colour', taxonomy: 'pa_colour' } as const;
export const SIZE_ATTRIBUTE = { id: 2, name: 'Size', taxonomy: 'pa_size' } as const;

export const SEED_COLOURS: readonly SeedTerm[] = [
  { id: 40, name: 'Natural', slug: 'natural', hex: '#c9b18a' },
  { id: 41, name: 'Black', slug: 'black', hex: '#242424' },
  { id: 42, name: 'White', slug: 'white', hex: '#ece6d8' },
  { id: 43, name: 'Indigo', slug: 'indigo', hex: '#2f3e74' },
  { id: 44, name: 'Mustard', slug: 'mustard', hex: '#c9971c' },
  { id: 45, name: 'Terracotta', slug: 'terracotta', hex: '#b4583a' },
  { id: 46, name: 'Sage', slug: 'sage', hex: '#7f9873' },
  { id: 47, name: 'Maroon', slug: 'maroon', hex: '#6e1f2b' },
  { id: 48, name: 'Ube', slug: 'ube', hex: '#5e4391' },
];

export const SEED_SIZES: readonly SeedTerm[] = [
  { id: 60, name: 'XS', slug: 'xs' },
  { id: 61, name: 'S', slug: 's' },
  { id: 62, name: 'M', slug: 'm' },
  { id: 63, name: 'L', slug: 'l' },
  { id: 64, name: 'XL', slug: 'xl' },
  { id: 65, name: '2XL', slug: '2xl' },
  { id: 66, name: '37', slug: '37' },
  { id: 67, name: '38', slug: '38' },
  { id: 68, name: '39', slug: '39' },
  { id: 69, name: '40', slug: '40' },
  { id: 70, name: '41', slug: '41' },
  { id: 71, name: '42', slug: '42' },
  { id: 72, name: '43', slug: '43' },
];

type CategorySlug = (typeof SEED_CATEGORIES)[number]['slug'];

/** One product as written below; ids, SKUs, stock and ratings are derived in seed.ts. */
export interface SeedProductDef {
  readonly name: string;
  readonly category: CategorySlug;
  readonly brand: string;
  /** Regular price in pesos. */
  readonly price: number;
  /** Sale price in pesos. */
  readonly sale?: number;
  /** Units in stock for a simple product; null = not tracked. Derived when absent. */
  readonly stock?: number | null;
  readonly maxPerOrder?: number;
  readonly soldIndividually?: boolean;
  /** One plain sentence: the short description. */
  readonly blurb: string;
  /** Colour term slugs; a product with colours or sizes is variable. */
  readonly colours?: readonly string[];
  readonly sizes?: readonly string[];
  /** Sizes that cost more, and how much more (pesos). */
  readonly upcharge?: { readonly sizes: readonly string[]; readonly amount: number };
  /** Combinations never made (`colour-size` slugs), so the shop has impossible choices. */
  readonly missing?: readonly string[];
  /** Gallery images of the product (main, hover, then more). @default 2 */
  readonly gallery?: number;
}

const APPAREL = ['s', 'm', 'l', 'xl'];
const APPAREL_WIDE = ['xs', 's', 'm', 'l', 'xl', '2xl'];
const SHOES = ['38', '39', '40', '41', '42', '43'];
const SHOES_SMALL = ['37', '38', '39', '40', '41', '42'];

export const SEED_PRODUCTS: readonly SeedProductDef[] = [
  // Barong & Filipiniana
  { name: 'Piña-Jusi Barong Tagalog', category: 'barong-filipiniana', brand: 'habi-lane', price: 4499, sizes: APPAREL, upcharge: { sizes: ['xl'], amount: 500 }, blurb: 'A sheer piña-jusi barong with calado embroidery down the front panel.' },
  { name: 'Jusi Barong Classic', category: 'barong-filipiniana', brand: 'habi-lane', price: 3299, sizes: APPAREL, blurb: 'The everyday formal barong in light jusi, with a straight hem and shell buttons.' },
  { name: 'Linen Polo Barong', category: 'barong-filipiniana', brand: 'kalye-threads', price: 1899, sale: 1599, colours: ['white', 'natural'], sizes: APPAREL, blurb: 'A short-sleeved linen polo barong for office days and garden weddings.' },
  { name: 'Filipiniana Butterfly-Sleeve Top', category: 'barong-filipiniana', brand: 'habi-lane', price: 2450, colours: ['white', 'maroon'], sizes: ['s', 'm', 'l'], blurb: 'A cropped top with stiff butterfly sleeves that pairs with a skirt or jeans.' },
  { name: 'Modern Maria Clara Blouse', category: 'barong-filipiniana', brand: 'mayumi-crafts', price: 2890, blurb: 'A high-collared blouse with soft pleats, cut for easy movement.' },
  { name: 'Kimona Embroidered Blouse', category: 'barong-filipiniana', brand: 'mayumi-crafts', price: 1750, sale: 1490, blurb: 'A loose kimona blouse with a band of floral embroidery at the hem.' },
  { name: 'Barong Button Studs Set', category: 'barong-filipiniana', brand: 'habi-lane', price: 649, blurb: 'Six mother-of-pearl studs that replace the plain buttons of any barong.' },
  { name: 'Patadyong Wrap Skirt', category: 'barong-filipiniana', brand: 'sinag-studio', price: 1290, blurb: 'A checked wrap skirt woven on a Visayan loom, tied at the waist.' },
  { name: 'Terno Sleeve Bolero', category: 'barong-filipiniana', brand: 'sinag-studio', price: 1980, blurb: 'A short bolero with terno sleeves that turns a plain dress into Filipiniana.' },
  { name: 'Calado Embroidered Handkerchief', category: 'barong-filipiniana', brand: 'mayumi-crafts', price: 349, blurb: 'A cotton handkerchief with a calado corner, folded in a paper sleeve.' },

  // Tees
  { name: 'Suki Logo Tee', category: 'tees', brand: 'kalye-threads', price: 599, colours: ['black', 'white', 'mustard'], sizes: APPAREL_WIDE, upcharge: { sizes: ['2xl'], amount: 50 }, missing: ['mustard-xs'], blurb: 'Our small logo on a heavyweight cotton tee that keeps its shape.' },
  { name: 'Jeepney Line Art Tee', category: 'tees', brand: 'kalye-threads', price: 649, colours: ['white', 'indigo'], sizes: APPAREL, blurb: 'A single-line drawing of a Manila jeepney across the chest.' },
  { name: 'Baybayin "Salamat" Tee', category: 'tees', brand: 'sinag-studio', price: 699, sale: 559, sizes: APPAREL_WIDE, blurb: 'Salamat written in Baybayin script, screen-printed in water-based ink.' },
  { name: 'Sampaguita Pocket Tee', category: 'tees', brand: 'sinag-studio', price: 549, colours: ['white', 'sage', 'black', 'indigo', 'mustard', 'ube'], sizes: APPAREL_WIDE, upcharge: { sizes: ['2xl'], amount: 60 }, missing: ['ube-xs', 'mustard-2xl'], blurb: 'A pocket tee with a small sampaguita blossom stitched above the pocket.' },
  { name: 'Mango Season Oversized Tee', category: 'tees', brand: 'kalye-threads', price: 650, blurb: 'A roomy one-size tee printed with a crate of Guimaras mangoes.' },
  { name: 'Sari-Sari Store Tee', category: 'tees', brand: 'kalye-threads', price: 599, blurb: 'A tribute to the corner sari-sari store, in one relaxed size.' },
  { name: 'Kalesa Ringer Tee', category: 'tees', brand: 'alon-supply', price: 720, blurb: 'A ringer tee with a vintage kalesa print and contrast trims.' },
  { name: 'Halo-Halo Graphic Tee', category: 'tees', brand: 'alon-supply', price: 620, sale: 499, blurb: 'Every layer of a halo-halo glass, drawn in bright summer colours.' },
  { name: 'Bahay Kubo Kids Tee', category: 'tees', brand: 'sinag-studio', price: 399, blurb: 'A kids’ tee with the vegetables from the Bahay Kubo song.' },
  { name: 'Tropical Leaf Camp Shirt', category: 'tees', brand: 'alon-supply', price: 1150, sizes: APPAREL, blurb: 'A breezy camp-collar shirt printed with monstera and banana leaves.' },

  // Bags & Bayong
  { name: 'Classic Buri Bayong', category: 'bags-bayong', brand: 'tahanan-goods', price: 890, colours: ['natural', 'black', 'terracotta'], blurb: 'The market basket of every lola, woven from buri palm with rattan handles.' },
  { name: 'Mini Bayong Crossbody', category: 'bags-bayong', brand: 'tahanan-goods', price: 750, blurb: 'A small bayong on a leather strap, big enough for a phone and keys.' },
  { name: 'Abaca Tote Bag', category: 'bags-bayong', brand: 'alon-supply', price: 1290, sale: 1090, blurb: 'A sturdy abaca tote with a cotton lining and an inside pocket.' },
  { name: 'Banig Weave Clutch', category: 'bags-bayong', brand: 'mayumi-crafts', price: 980, colours: ['natural', 'ube', 'maroon'], blurb: 'A clutch woven from dyed banig strips with a magnetic clasp.' },
  { name: 'Rattan Round Sling Bag', category: 'bags-bayong', brand: 'tahanan-goods', price: 1450, blurb: 'A round rattan sling bag with a leather buckle strap.' },
  { name: 'Canvas Palengke Bag', category: 'bags-bayong', brand: 'alon-supply', price: 450, stock: null, blurb: 'A washable canvas bag for the weekly trip to the palengke.' },
  { name: 'Piña Fibre Pouch', category: 'bags-bayong', brand: 'habi-lane', price: 520, blurb: 'A zipped pouch in woven piña fibre for cards, coins or make-up.' },
  { name: 'Leather Weekender Duffel', category: 'bags-bayong', brand: 'lakbay-leather', price: 4999, soldIndividually: true, blurb: 'A full-grain leather duffel for two-night trips, made in Marikina.' },
  { name: 'Woven Laptop Sleeve', category: 'bags-bayong', brand: 'mayumi-crafts', price: 1690, blurb: 'A padded sleeve with a woven abaca face that fits most 14-inch laptops.' },
  { name: 'Coin Purse Trio', category: 'bags-bayong', brand: 'mayumi-crafts', price: 349, blurb: 'Three small woven coin purses in different patterns.' },

  // Home & Kitchen
  { name: 'Narra Wood Serving Board', category: 'home-kitchen', brand: 'tahanan-goods', price: 1350, blurb: 'A serving board cut from reclaimed narra and finished with food-safe oil.' },
  { name: 'Coconut Shell Bowl Set', category: 'home-kitchen', brand: 'tahanan-goods', price: 690, blurb: 'Four polished coconut shell bowls for rice, fruit or snacks.' },
  { name: 'Capiz Shell Pendant Lamp', category: 'home-kitchen', brand: 'mayumi-crafts', price: 3850, maxPerOrder: 2, blurb: 'A pendant lamp of overlapping capiz shells that glows like a parol.' },
  { name: 'Hand-Woven Table Runner', category: 'home-kitchen', brand: 'habi-lane', price: 780, colours: ['natural', 'indigo', 'terracotta'], gallery: 32, blurb: 'A cotton table runner woven in a binakol pattern.' },
  { name: 'Clay Palayok Cooking Pot', category: 'home-kitchen', brand: 'tahanan-goods', price: 1120, sale: 980, blurb: 'A traditional clay palayok for sinigang, adobo and slow-cooked rice.' },
  { name: 'Bamboo Utensil Set', category: 'home-kitchen', brand: 'alon-supply', price: 420, blurb: 'A bamboo spoon, fork and chopsticks in a woven travel sleeve.' },
  { name: 'Abaca Placemats Set', category: 'home-kitchen', brand: 'habi-lane', price: 950, blurb: 'Six round abaca placemats that wipe clean with a damp cloth.' },
  { name: 'Enamel Kapeng Mug', category: 'home-kitchen', brand: 'bukid-roasters', price: 380, blurb: 'A speckled enamel mug for morning barako, at home or at camp.' },
  { name: 'Sungka Board Game', category: 'home-kitchen', brand: 'tahanan-goods', price: 2450, blurb: 'A carved wooden sungka board with a pouch of cowrie shells.' },
  { name: 'Banig Floor Cushion', category: 'home-kitchen', brand: 'mayumi-crafts', price: 1480, blurb: 'A square floor cushion covered in soft woven banig.' },

  // Coffee & Pantry
  { name: 'Kapeng Barako Ground Coffee', category: 'coffee-pantry', brand: 'bukid-roasters', price: 420, stock: 1000, blurb: 'Strong Batangas barako, medium-dark roast, ground for drip and French press (250 g).' },
  { name: 'Benguet Arabica Whole Beans', category: 'coffee-pantry', brand: 'bukid-roasters', price: 560, blurb: 'Highland arabica from Benguet with notes of brown sugar and citrus (250 g).' },
  { name: 'Sagada Single-Origin Beans', category: 'coffee-pantry', brand: 'bukid-roasters', price: 680, sale: 590, blurb: 'A light roast from small farms in Sagada, bright and floral (250 g).' },
  { name: 'Tablea Tsokolate Discs', category: 'coffee-pantry', brand: 'bukid-roasters', price: 350, blurb: 'Pure cacao tablea from Davao for a thick, frothy tsokolate.' },
  { name: 'Muscovado Sugar', category: 'coffee-pantry', brand: 'tahanan-goods', price: 360, blurb: 'Unrefined Negros muscovado with a deep caramel taste (500 g).' },
  { name: 'Calamansi Concentrate', category: 'coffee-pantry', brand: 'tahanan-goods', price: 395, blurb: 'Calamansi juice concentrate; add water and ice for a quick juice.' },
  { name: 'Dried Mango Snack Pack', category: 'coffee-pantry', brand: 'alon-supply', price: 349, maxPerOrder: 12, blurb: 'Soft dried Cebu mangoes in a resealable pack.' },
  { name: 'Coconut Jam Jar', category: 'coffee-pantry', brand: 'tahanan-goods', price: 360, blurb: 'Smooth coconut jam for pandesal, toast and kakanin.' },
  { name: 'Ube Halaya Jar', category: 'coffee-pantry', brand: 'tahanan-goods', price: 450, stock: 3, blurb: 'Slow-cooked purple yam jam from a family recipe in Bohol.' },
  { name: 'Pili Nut Brittle', category: 'coffee-pantry', brand: 'alon-supply', price: 499, stock: 0, blurb: 'Crunchy Bicol pili nuts in a thin caramel brittle.' },

  // Accessories
  { name: 'Capiz Shell Earrings', category: 'accessories', brand: 'mayumi-crafts', price: 650, colours: ['white', 'mustard', 'ube'], blurb: 'Light drop earrings of hand-cut capiz on gold-plated hooks.' },
  { name: 'Brass Sampaguita Necklace', category: 'accessories', brand: 'mayumi-crafts', price: 1250, blurb: 'A brass pendant shaped like a sampaguita blossom on a fine chain.' },
  { name: 'Woven Buri Hat', category: 'accessories', brand: 'tahanan-goods', price: 780, sizes: ['s', 'm', 'l'], blurb: 'A wide-brim buri hat with a cotton band, for beach days and farm visits.' },
  { name: 'T’nalak Pattern Scarf', category: 'accessories', brand: 'sinag-studio', price: 1150, blurb: 'A soft scarf printed with a pattern inspired by T’boli t’nalak weaving.' },
  { name: 'Beaded Bracelet Set', category: 'accessories', brand: 'sinag-studio', price: 399, blurb: 'Three stretch bracelets of wooden and glass beads.' },
  { name: 'Abaca Hand Fan', category: 'accessories', brand: 'habi-lane', price: 349, blurb: 'A folding fan with an abaca leaf and bamboo ribs.' },
  { name: 'Leather Card Holder', category: 'accessories', brand: 'lakbay-leather', price: 890, maxPerOrder: 2, blurb: 'A slim card holder in vegetable-tanned leather with four slots.' },
  { name: 'Mother-of-Pearl Hair Clip', category: 'accessories', brand: 'mayumi-crafts', price: 450, blurb: 'A hair clip inlaid with mother-of-pearl from Samal island.' },
  { name: 'Inabel Bucket Hat', category: 'accessories', brand: 'habi-lane', price: 850, colours: ['indigo', 'maroon'], blurb: 'A bucket hat sewn from Ilocos inabel cloth, lined in cotton.' },
  { name: 'Salakot Keychain', category: 'accessories', brand: 'alon-supply', price: 349, blurb: 'A tiny woven salakot on a brass ring.' },

  // Footwear
  { name: 'Marikina Leather Loafers', category: 'footwear', brand: 'lakbay-leather', price: 3490, sizes: SHOES, blurb: 'Hand-lasted leather loafers with a cushioned insole, made in Marikina.' },
  { name: 'Abaca Espadrilles', category: 'footwear', brand: 'alon-supply', price: 1590, sale: 1290, colours: ['natural', 'black'], sizes: SHOES_SMALL, blurb: 'Espadrilles with a braided abaca sole and a canvas upper.' },
  { name: 'Bakya Wooden Clogs', category: 'footwear', brand: 'tahanan-goods', price: 1250, sizes: SHOES_SMALL, blurb: 'Carved and painted bakya from Laguna with a woven strap.' },
  { name: 'Rubber Tsinelas Classic', category: 'footwear', brand: 'alon-supply', price: 349, sizes: SHOES, blurb: 'The house-and-beach tsinelas, in a thicker sole that lasts.' },
  { name: 'Woven Slide Sandals', category: 'footwear', brand: 'mayumi-crafts', price: 990, blurb: 'Flat slides with a woven pandan strap.' },
  { name: 'Leather Huarache Sandals', category: 'footwear', brand: 'lakbay-leather', price: 2290, blurb: 'Hand-woven leather sandals with a rubber sole.' },
  { name: 'Canvas Street Sneakers', category: 'footwear', brand: 'kalye-threads', price: 1890, sale: 1590, colours: ['natural', 'black', 'white', 'indigo', 'terracotta', 'sage'], sizes: SHOES, missing: ['white-43', 'indigo-38', 'sage-42'], blurb: 'Low-top canvas sneakers with a vulcanised sole, made in Laguna.' },
  { name: 'Kids’ Painted Bakya', category: 'footwear', brand: 'tahanan-goods', price: 650, blurb: 'Small painted bakya for children, with a soft strap.' },
  { name: 'Embroidered House Slippers', category: 'footwear', brand: 'mayumi-crafts', price: 799, blurb: 'Closed-toe house slippers embroidered with calachuchi flowers.' },
  { name: 'Suede Desert Boots', category: 'footwear', brand: 'lakbay-leather', price: 4250, stock: 4, blurb: 'Chukka boots in soft suede with a crepe sole, made to order in Marikina.' },
];

/** A sentence per category that rounds off the long description. */
export const CATEGORY_STORY: Readonly<Record<string, string>> = {
  'barong-filipiniana': 'Each piece is cut and embroidered by a small workshop in Lumban, Laguna, so no two are exactly alike. Hand wash in cold water and dry in the shade.',
  tees: 'Printed in Quezon City on combed cotton that softens with every wash. Wash inside out in cold water and do not iron over the print.',
  'bags-bayong': 'Woven by hand by weaving groups in Bohol, Leyte and Quezon, who set the price of their own work. Keep dry and brush off sand and dust with a soft brush.',
  'home-kitchen': 'Made by family workshops in Pampanga, Cebu and Laguna from local, renewable materials. Wipe clean; natural materials vary a little in colour and grain.',
  'coffee-pantry': 'Bought directly from farmers’ cooperatives and packed in small batches. Store in a cool, dry place and close the pack after opening.',
  accessories: 'Finished by hand in small batches, so colours and patterns differ slightly from piece to piece. Keep away from water and perfume.',
  footwear: 'Made by shoemakers in Marikina and Laguna, who have made shoes for generations. Let them air out between wears and keep them out of direct sun.',
};
