/**
 * The demo blog: stories about Filipino-made goods. Everything here is written for the demo shop
 * and is deterministic, so tests see the same blog on every machine. Posts are listed oldest first;
 * `images` are the alt texts of the feature pictures, in order (the first is the featured image).
 */

/** An invented writer of the shop's blog (WordPress user). */
export interface SeedAuthor {
  readonly id: number;
  readonly name: string;
}

export const BLOG_AUTHORS = {
  ligaya: { id: 2, name: 'Ligaya Santos' },
  paolo: { id: 3, name: 'Paolo Villanueva' },
  maricel: { id: 4, name: 'Maricel Dumalagan' },
} as const satisfies Record<string, SeedAuthor>;

/** One comment of the demo blog; `reply` makes it an answer to the post's comment at that index. */
export interface SeedComment {
  readonly name: string;
  readonly email: string;
  readonly content: string;
  /** Days after the post. */
  readonly after: number;
  readonly held?: boolean;
  readonly reply?: number;
}

/** One post of the demo blog. */
export interface SeedPost {
  readonly slug: string;
  readonly title: string;
  readonly author: SeedAuthor;
  readonly excerpt: string;
  readonly paragraphs: readonly string[];
  readonly images: readonly string[];
  readonly closed?: boolean;
  readonly comments?: readonly SeedComment[];
}

const { ligaya, paolo, maricel } = BLOG_AUTHORS;

export const SEED_POSTS: readonly SeedPost[] = [
  {
    slug: 'the-bayong-from-lucban-to-your-shoulder',
    title: 'The Bayong, from Lucban to Your Shoulder',
    author: ligaya,
    excerpt: 'How a market bag woven from buri palm became the bag we reach for every day.',
    paragraphs: [
      'Walk through any palengke on a Saturday morning and you will see them: square, sturdy bags of woven palm, swinging from the arms of lolas buying tomatoes and fish. The bayong has carried the country’s groceries for generations, long before anyone thought of calling it a fashion piece.',
      'Most of the bayong we sell begin as buri palm leaves gathered in Quezon province. The leaves are stripped, boiled, dried in the sun and sometimes dyed, then split into strips of even width. A skilled weaver can finish the body of a medium bag in a day, but the preparation of the strips takes far longer.',
      'The weave is tight enough to hold a kilo of rice and loose enough to breathe, which is why vegetables stay fresh in it on the ride home. Handles are usually rattan or twisted abaca rope, fixed through the rim with knots that are checked one by one before a bag leaves the workshop.',
      'When you choose a bayong, press the sides gently. A good one springs back into shape, the corners are square, and the rim has no loose ends. It should smell faintly of dried grass. That smell fades, the colour deepens, and the bag only gets better with use.',
    ],
    images: [
      'A row of natural buri bayong with rattan handles hanging at a market stall in Lucban',
      'Hands splitting sun-dried buri palm leaves into even strips on a wooden table',
      'Close view of a bayong corner showing the tight diagonal weave and a knotted rattan handle',
    ],
    comments: [
      { name: 'Rosa Malabanan', email: 'rosa.malabanan@example.com', content: 'My lola still uses the bayong she bought in the eighties. It has been repaired twice and it is still her market bag.', after: 1 },
      { name: 'Jun Dizon', email: 'jun.dizon@example.net', content: 'Is there a way to clean mould spots off an old bayong without ruining the colour?', after: 2 },
      { name: 'Ligaya Santos', email: 'ligaya@suki.example', content: 'Brush it dry in the sun first, then wipe with a cloth dampened in water with a little vinegar. We wrote a care guide too.', after: 2, reply: 1 },
    ],
  },
  {
    slug: 'how-a-barong-tagalog-is-made',
    title: 'How a Barong Tagalog Is Made',
    author: maricel,
    excerpt: 'From pineapple leaf to embroidered shirt: the slow work behind the national garment.',
    paragraphs: [
      'A barong looks simple from across the room: a long, sheer shirt worn untucked over a plain camisa de chino. Up close it is a record of hundreds of hours of handwork, and most of those hours happen before a needle ever touches the fabric.',
      'The finest barong are made of piña, a cloth woven from the fibres of pineapple leaves, much of it from Aklan. The fibres are scraped from each leaf by hand with a piece of broken plate or a coconut shell, knotted end to end, and woven on a floor loom. A few metres of piña can take weeks.',
      'Embroidery is done mostly in Lumban, Laguna, where families have passed down the craft of calado, the openwork that turns the front panel into lace. The design is pencilled on, the cloth is stretched on a frame, and threads are pulled and bound one small square at a time.',
      'Jusi, originally a silk and now often a blend, is lighter on the wallet and easier to care for, which makes it the choice for weddings with a long list of ninongs. Whatever the fabric, a good barong is cut generously at the shoulders and falls straight from the chest.',
      'Treat it like the heirloom it can become: hand-wash it in cool water, never wring it, and iron it on the reverse side under a cloth while it is still slightly damp.',
    ],
    images: [
      'A cream piña barong tagalog with calado embroidery on the front panel, on a wooden hanger',
      'A weaver at a floor loom in Aklan passing the shuttle through fine piña threads',
      'An embroiderer in Lumban working on a stretched panel of jusi with a pencilled pattern',
      'Detail of openwork calado embroidery with tiny bound squares of thread',
    ],
    comments: [
      { name: 'Andres Lopez', email: 'andres.lopez@example.org', content: 'Thank you for explaining the difference between piña and jusi. I finally know what to order for my brother’s wedding.', after: 3 },
      { name: 'Carmela Ong', email: 'carmela.ong@example.com', content: 'The ironing tip saved my father’s old barong. It had yellowed a bit but the embroidery is perfect.', after: 6 },
    ],
  },
  {
    slug: 'sampaguita-garlands-at-the-church-gate',
    title: 'Sampaguita Garlands at the Church Gate',
    author: ligaya,
    excerpt: 'The national flower, strung by hand before sunrise and sold by the dozen outside Quiapo.',
    paragraphs: [
      'Before the first mass of the day, the steps outside churches in Manila are already busy with vendors holding bunches of white garlands. Sampaguita, the national flower, is picked in the early hours while the buds are still closed, because a closed bud lasts longer once it is strung.',
      'Many of the flowers come from farms in Laguna and Bulacan. Families thread the buds onto cotton string with a long needle, alternating them so the garland lies flat, and finish each one with a small tassel or a single red bead.',
      'A garland is hung on the rear-view mirror of a jeepney, offered at a family altar or pinned on a graduation gown. By evening the buds open and the scent fills a room; by the next day the flowers are brown and it is time for a new one.',
      'Our sampaguita soaps and room sprays try to keep a little of that morning smell. They will never replace the real thing, so buy a garland at the church gate when you can. It costs a few pesos and it keeps a family business going.',
    ],
    images: ['Strings of white sampaguita garlands hanging from a vendor’s hand outside a church'],
  },
  {
    slug: 'coffee-from-the-benguet-highlands',
    title: 'Coffee from the Benguet Highlands',
    author: paolo,
    excerpt: 'Arabica grown among pine trees above a thousand metres, picked cherry by cherry.',
    paragraphs: [
      'The road up to Atok climbs through pine forest and vegetable terraces until the air turns cold enough for a jacket. Up here, above a thousand metres, small farms grow arabica coffee in the shade of alnus and pine, often between rows of cabbages and beans.',
      'The altitude slows the ripening of the cherries, which gives the beans more time to build sugars. Farmers pick only the red cherries, going over the same trees several times a season, because a handful of green ones can make a whole batch taste sharp.',
      'Most of our Benguet beans are washed: the fruit is pulped off, the beans ferment overnight in tanks of water, and then they dry on raised beds for two to three weeks. The result is a clean cup with notes of citrus and brown sugar, lighter than the coffee many of us grew up with.',
      'Brew it a little cooler than you would a dark roast, around 92 degrees, and try it black first. If you have only ever had instant three-in-one, it may surprise you how sweet a cup of Philippine coffee can be.',
    ],
    images: [
      'Ripe red arabica cherries on a coffee branch with pine trees behind, in Atok, Benguet',
      'Washed coffee beans drying on a raised mesh bed on a mountain farm',
      'A pour-over of light-roast Benguet coffee into a glass server on a kitchen counter',
    ],
    comments: [
      { name: 'Miguel Bautista', email: 'miguel.bautista@example.com', content: 'I visited a farm near Atok last summer. The farmers were so proud of their washed beans, and rightly so.', after: 1 },
      { name: 'Tess Aquino', email: 'tess.aquino@example.net', content: 'What grind size do you recommend for a moka pot with these beans?', after: 2 },
      { name: 'Paolo Villanueva', email: 'paolo@suki.example', content: 'A little coarser than espresso, about like table salt. Keep the heat low so it does not turn bitter.', after: 3, reply: 1 },
      { name: 'Bea Fernandez', email: 'bea.fernandez@example.org', content: 'The citrus note is real. My officemates thought I had added something to the cup.', after: 9 },
    ],
  },
  {
    slug: 'kapeng-barako-a-strong-cup-from-batangas',
    title: 'Kapeng Barako, a Strong Cup from Batangas',
    author: paolo,
    excerpt: 'Liberica is big, bold and a little wild, just like the name says.',
    paragraphs: [
      'Barako means a strong, proud man, and the coffee earns the name. Kapeng barako is liberica, a species with large, lopsided beans that grows on tall trees in Batangas and Cavite. It tastes nothing like arabica: think dark chocolate, smoke and a hint of jackfruit.',
      'Liberica trees can grow taller than a house, so harvest often means ladders and long afternoons. Many of the old farms were lost when coffee prices fell, and growers today are replanting and teaching younger farmers how to process the cherries carefully.',
      'Families in Batangas brew barako in a cloth sock or simply boil the grounds in a pot, then pour it over muscovado sugar. It is the cup you drink with pandesal at dawn, or late at night with a plate of suman.',
      'Our barako is roasted medium-dark so the fruit still shows through. Use a little less than you would of other coffee; it is strong stuff.',
    ],
    images: ['A clay pot of freshly brewed kapeng barako beside pandesal and a bowl of muscovado sugar'],
    comments: [
      { name: 'Ramon Castillo', email: 'ramon.castillo@example.com', content: 'Barako with muscovado is how my father drank it every morning in Lipa. This brought back memories.', after: 2 },
      { name: 'Nina Reyes', email: 'nina.reyes@example.org', content: 'I tried it in a French press and it was wonderful. A bit much for my husband, though!', after: 4 },
    ],
  },
  {
    slug: 'abaca-the-fibre-that-ties-the-islands',
    title: 'Abaca, the Fibre That Ties the Islands',
    author: maricel,
    excerpt: 'Strong enough for ship ropes, soft enough for a summer hat: meet Manila hemp.',
    paragraphs: [
      'Abaca looks like a banana plant, and it is a close relative, but nobody grows it for the fruit. The value is in the leaf stalks, which hide some of the strongest natural fibres in the world. Sailors once knew it as Manila hemp and trusted it for rigging because it resists salt water.',
      'Catanduanes and the rest of Bicol grow much of the country’s abaca. Stalks are cut, separated into strips, and pulled under a blade to scrape away the pulp, leaving long, glossy strands that dry in the sun in a single afternoon.',
      'The fibre then goes everywhere: into rope and twine, into specialty paper, into the soles of espadrilles, and into the hats and placemats in our shop. Our slippers are woven from 100% abaca with no plastic binders, which is why they soften as you wear them.',
      'Abaca does not like to stay wet. Let it dry in the shade after a rainy day and it will last for years.',
    ],
    images: [
      'Bundles of glossy cream abaca fibre drying on bamboo poles in Catanduanes',
      'A woven abaca sun hat and placemats on a white table',
    ],
  },
  {
    slug: 'banig-mats-of-basey-samar',
    title: 'Banig Mats of Basey, Samar',
    author: ligaya,
    excerpt: 'Tikog grass, bright dyes and patterns woven from memory.',
    paragraphs: [
      'In Basey, Samar, weaving a banig is something many women learn as girls, sitting beside a mother or an aunt. The mats are made from tikog, a sedge that grows in wet fields. It is harvested, sun-dried, flattened and dyed in bright colours before weaving begins.',
      'The patterns are often not drawn anywhere. Weavers count strips in their heads and build stars, flowers and diamonds row by row. Some of the most beautiful mats are woven in damp caves, where the cool air keeps the grass supple.',
      'A banig was once what the whole family slept on, rolled up during the day and spread on the floor at night. Today it is also a wall hanging, a table runner or a cover for a daybed, and it still smells faintly of grass when the sun warms it.',
    ],
    images: ['A brightly patterned tikog banig mat from Basey unrolled on a wooden floor'],
  },
  {
    slug: 'inabel-weaving-in-ilocos',
    title: 'Inabel Weaving in Ilocos',
    author: maricel,
    excerpt: 'Cotton blankets and towels woven on wooden looms that have not changed in a century.',
    paragraphs: [
      'Inabel, or abel iloko, is the cotton cloth of the Ilocos region, woven on pedal looms built from hardwood. The rhythm of the beater is a familiar sound in towns like Paoay and Vigan, where some looms have been in the same family for generations.',
      'The cloth is known for patterns such as binakol, a dizzying set of squares and whirls said to confuse bad spirits, and for its heaviness: a good inabel blanket keeps you warm on a cold night in the mountains and cool in the lowland heat.',
      'Our inabel towels and throws come from a weavers’ cooperative that pays by the piece and sets its own prices. Every piece varies a little in tension and colour. That is not a flaw; it is the mark of a person at a loom.',
      'Wash inabel in cold water the first few times. It softens with every wash and will outlast most store-bought towels by years.',
    ],
    images: [
      'An Ilocano weaver at a wooden pedal loom weaving a blue and white inabel blanket',
      'Folded inabel towels with the binakol whirl pattern stacked on a shelf',
    ],
  },
  {
    slug: 't-nalak-and-the-weavers-of-lake-sebu',
    title: 'T’nalak and the Weavers of Lake Sebu',
    author: ligaya,
    excerpt: 'A sacred cloth of abaca, dyed in earth tones and woven from dreams.',
    paragraphs: [
      'Around Lake Sebu in South Cotabato, T’boli weavers make t’nalak, a cloth of abaca tie-dyed in red, black and the natural cream of the fibre. Weavers speak of receiving designs in dreams, and the patterns carry meaning within the community.',
      'Making t’nalak is slow. The abaca is stripped and knotted, bundles are tied tightly and dipped in dyes made from roots and leaves, and the warp is then woven on a backstrap loom. Afterwards the cloth is burnished with a cowrie shell until it shines.',
      'We carry t’nalak only through a community-led enterprise that agrees on which designs may be sold and how they are described. If you buy a piece, treat it with the respect it is given at home: hang it or frame it, and do not cut it.',
    ],
    images: ['A length of t’nalak cloth in red, black and cream hung on a bamboo pole beside Lake Sebu'],
  },
  {
    slug: 'burnay-jars-of-vigan',
    title: 'Burnay Jars of Vigan',
    author: paolo,
    excerpt: 'Dark clay jars for vinegar, bagoong and basi, still fired in old kilns.',
    paragraphs: [
      'Burnay are the unglazed, dark brown jars of Vigan, made from fine local clay mixed with sand. For centuries they have held sugarcane vinegar, fish sauce and basi, the Ilocano sugarcane wine, because the thick walls keep the contents cool.',
      'Potters throw the jars on a wheel turned by foot or by a helper, often a carabao working a clay mixer nearby. The jars dry for days before they go into a long brick kiln built against a slope and fired with wood.',
      'A small burnay works beautifully as a vase, a utensil holder or a pot for herbs on a windowsill. Season a new jar by soaking it in water overnight before you use it for anything wet.',
    ],
    images: ['Rows of dark brown burnay jars cooling outside a brick kiln in Vigan'],
  },
  {
    slug: 'capiz-shell-windows-and-lanterns',
    title: 'Capiz Shell Windows and Lanterns',
    author: maricel,
    excerpt: 'The translucent shell that let light into old houses, now in lamps and bowls.',
    paragraphs: [
      'Long before glass was common, houses in the islands had windows of capiz: thin, translucent windowpane oyster shells set in wooden grids. They let in a soft, pearly light and kept out the rain, and you can still see them in old bahay na bato in Taal and Vigan.',
      'The shells are cleaned, soaked and sometimes gently heated so they can be flattened, then cut into squares or circles. Artisans in Pampanga and Capiz assemble them with brass wire into lanterns, chimes, bowls and the parol you see at Christmas.',
      'A capiz lamp needs almost no care. Dust it with a soft brush, keep it away from strong cleaners, and it will glow the same way the old windows did.',
    ],
    images: ['A round capiz shell pendant lamp glowing warm white in a dark room'],
    closed: true,
  },
  {
    slug: 'parol-season-in-pampanga',
    title: 'Parol Season in Pampanga',
    author: paolo,
    excerpt: 'In San Fernando, lantern makers start work on Christmas in the middle of the year.',
    paragraphs: [
      'Filipinos start Christmas early, and nobody starts earlier than the lantern makers of San Fernando, Pampanga. By mid-year the workshops are busy with steel frames, coloured plastic, capiz and thousands of small bulbs for the parol that will hang in windows across the country.',
      'The simplest parol is a five-pointed star of bamboo sticks and Japanese paper, the kind every schoolchild makes at least once. The giant lanterns of the Ligligan Parul festival are another thing entirely: metres wide, with rotors that switch the lights in patterns to music.',
      'Our parol are the middle kind, made of capiz or woven abaca on a bamboo frame, sized for a window or a doorway. They ship flat and take five minutes to assemble.',
      'Hang yours by the first of December. Or, like many families, in September, when the radio starts playing Christmas songs.',
    ],
    images: [
      'A large multicoloured parol lantern lit up against the night sky in San Fernando, Pampanga',
      'A lantern maker fitting coloured plastic panels onto a steel frame in a workshop',
      'A small capiz parol hanging in a window at dusk',
    ],
    comments: [
      { name: 'Lorna Santiago', email: 'lorna.santiago@example.com', content: 'We drive to San Fernando every December just for the lantern festival. Nothing else feels like Christmas the same way.', after: 2 },
      { name: 'Kevin Tan', email: 'kevin.tan@example.net', content: 'Ordered the abaca parol for my apartment abroad. It made my whole building ask where it came from.', after: 5 },
      { name: 'Grace Villareal', email: 'grace.villareal@example.org', content: 'The bamboo and paper parol we made in grade school is still my favourite kind.', after: 7 },
    ],
  },
  {
    slug: 'tsinelas-from-liliw-laguna',
    title: 'Tsinelas from Liliw, Laguna',
    author: ligaya,
    excerpt: 'A mountain town where almost every storefront sells slippers.',
    paragraphs: [
      'Liliw sits at the foot of Mount Banahaw, and its main street is lined with shops selling tsinelas and sandals made in the town. Footwear has been the local trade for generations, with small workshops cutting, stitching and gluing behind the storefronts.',
      'Styles run from plain rubber-soled slides to embroidered slippers with woven straps of abaca or raffia. Many shops will adjust a strap for you while you wait.',
      'Buy a size that feels a little snug at first. Natural straps stretch and the footbed moulds to your foot within a week.',
    ],
    images: ['Rows of woven and embroidered slippers displayed outside a shop in Liliw'],
    comments: [
      { name: 'Dina Mercado', email: 'dina.mercado@example.com', content: 'Liliw is worth the trip, and the cold spring resorts nearby make a perfect day out.', after: 3 },
      { name: 'Anonymous Visitor', email: 'visitor@example.net', content: 'Can you ship to Davao? I would love a pair of the embroidered ones.', after: 4, held: true },
    ],
  },
  {
    slug: 'muscovado-sugar-from-negros',
    title: 'Muscovado Sugar from Negros',
    author: paolo,
    excerpt: 'Unrefined cane sugar with the taste of molasses, made by small mills.',
    paragraphs: [
      'Negros is sugar country, and most of the island’s cane goes to large refineries. A few small mills still make muscovado the old way: the juice is boiled in open pans, stirred as it thickens and left to dry into soft, dark, moist crystals.',
      'Because nothing is taken out, muscovado keeps the molasses and minerals of the cane. It tastes of caramel and a little of smoke, and it clumps because it still holds moisture.',
      'Use it anywhere you would use brown sugar: in coffee, on champorado, in leche flan, or in a marinade for pork barbecue. Keep it in a sealed jar, and if it hardens, a slice of bread in the jar softens it overnight.',
    ],
    images: ['A wooden scoop of dark, moist muscovado sugar over an open sack'],
  },
  {
    slug: 'tablea-and-sikwate-cebus-morning-chocolate',
    title: 'Tablea & Sikwate: Cebu’s Morning Chocolate',
    author: maricel,
    excerpt: 'Pure cacao tablets, a wooden whisk and a cup of thick hot chocolate.',
    paragraphs: [
      'Tablea are small discs of pure ground cacao, roasted and pressed without milk or much sugar. In Cebu and Bohol they are dissolved in hot water to make sikwate, a thick, slightly bitter drink served with puto maya and ripe mango for breakfast.',
      'The cacao is roasted in a wok, peeled by hand, ground into a paste and shaped while still warm. Some families still grind it on a stone, which gives a rougher, more rustic tablet.',
      'To make sikwate, melt two tablets in a cup of water over low heat and whisk hard with a batirol, a wooden whisk you roll between your palms, until it froths. Add sugar to taste, and a little milk if you must.',
      'Tablea is also the secret of a good champorado. Use it instead of cocoa powder and you will not go back.',
    ],
    images: ['Discs of dark tablea beside a wooden batirol whisk and a cup of frothy sikwate'],
  },
  {
    slug: 'calamansi-in-the-pantry',
    title: 'Calamansi in the Pantry',
    author: ligaya,
    excerpt: 'The little citrus that goes on pancit, into juice and into everything else.',
    paragraphs: [
      'Calamansi is the small, round citrus that grows in backyards all over the country. It is sour with a fragrant, almost orange-like peel, and it is squeezed over pancit, mixed into soy sauce for a dipping sauce and stirred into hot water with honey when someone has a cold.',
      'Our calamansi concentrate is made from fruit grown in Oriental Mindoro, pressed and bottled with a little cane sugar. Mix one part with four parts cold water for juice, or use it straight in dressings and marinades.',
      'Keep the bottle in the fridge once opened, and shake it before pouring: the good bits settle at the bottom.',
    ],
    images: ['A bowl of halved green calamansi beside a glass of iced calamansi juice'],
  },
  {
    slug: 'salt-makers-of-pangasinan',
    title: 'The Salt Makers of Pangasinan',
    author: paolo,
    excerpt: 'Sea water, sun and patience on the salt beds of the Lingayen Gulf.',
    paragraphs: [
      'Pangasinan takes its name from asin, salt, and along the Lingayen Gulf salt is still made by letting the sun do most of the work. During the dry months sea water is channelled into shallow beds, where it thickens into brine and then into crystals.',
      'Workers rake the crystals into small white mounds at the end of each day and carry them to storage sheds in baskets. The work stops when the rains come, so the whole year’s harvest happens in a few months.',
      'Sun-dried sea salt has larger, irregular crystals and a softer, rounder taste than table salt. Sprinkle it on grilled fish, on ripe mango with a pinch of chilli, or on tomatoes straight from the market.',
    ],
    images: ['White mounds of raked sea salt on the salt beds of Pangasinan under a clear sky'],
    closed: true,
    comments: [
      { name: 'Elmer Soriano', email: 'elmer.soriano@example.com', content: 'My uncle worked the salt beds in Dasol. It is hard work under the sun. Glad to see it written about.', after: 1 },
      { name: 'Joy Padilla', email: 'joy.padilla@example.org', content: 'Salt on green mango with bagoong is the best merienda. Ordered two jars.', after: 3 },
    ],
  },
  {
    slug: 'how-to-care-for-a-buri-bag',
    title: 'How to Care for a Buri Bag',
    author: ligaya,
    excerpt: 'Sun, a soft brush and a little vinegar: everything a woven bag needs.',
    paragraphs: [
      'Palm and grass bags are tougher than they look, but they have two enemies: moisture and crushing. Store yours somewhere dry with a little air around it, and stuff it with paper so it keeps its shape.',
      'If the bag gets wet, let it dry in the shade, not in direct sun, which can make the strips brittle. For dust and sand, a soft brush or a dry toothbrush works better than a cloth.',
      'Mould spots come off with a cloth dampened in water and a splash of vinegar; dry the bag completely afterwards. A loose strip can be tucked back under its neighbour with a butter knife. A loose handle knot is worth bringing back to us: we repair bags for free.',
    ],
    images: ['A buri bag stuffed with paper beside a soft brush and a small bowl of vinegar water'],
  },
  {
    slug: 'wooden-spoons-from-paete',
    title: 'Wooden Spoons from Paete',
    author: maricel,
    excerpt: 'The woodcarving town of Laguna, where saints and spoons share a workbench.',
    paragraphs: [
      'Paete, on the shore of Laguna de Bay, is known as the carving capital of the country. For centuries its carvers have made santos for churches, and the same skill goes into the humbler things: spoons, ladles, salad servers and the sandok that every kitchen needs.',
      'Our spoons are carved from fallen or farmed wood such as acacia and santol, roughed out with a small axe and finished with knives and sandpaper. Each one is slightly different in the curve of the bowl.',
      'Wash wooden spoons by hand and let them air-dry. Once a month, rub them with a little coconut oil. They will darken and take on the colour of your cooking, which is exactly how an old sandok should look.',
    ],
    images: ['Hand-carved acacia spoons and a sandok laid out on a carver’s bench in Paete'],
  },
  {
    slug: 'heirloom-rice-of-the-cordilleras',
    title: 'Heirloom Rice of the Cordilleras',
    author: paolo,
    excerpt: 'Tinawon rice, grown once a year on terraces carved into the mountains.',
    paragraphs: [
      'On the rice terraces of Ifugao and Mountain Province, farmers still grow tinawon, heirloom varieties planted once a year and tended by hand. The name means annual, and the slow cycle follows the seasons and the rituals that come with them.',
      'The grains are varied: some red, some purple, some a pale pink, with a nutty taste and a firm bite. Yields are small, and the rice is milled lightly so the bran stays on.',
      'Cook heirloom rice with a little more water than white rice and let it rest, covered, for ten minutes before serving. Buying it helps keep the terraces farmed, which is what keeps them standing.',
    ],
    images: ['Green rice terraces carved into a mountainside in Ifugao under morning mist'],
  },
  {
    slug: 'pili-nuts-from-sorsogon',
    title: 'Pili Nuts from Sorsogon',
    author: ligaya,
    excerpt: 'A buttery nut from the volcanic soil of Bicol, best eaten as pasalubong.',
    paragraphs: [
      'The pili tree grows in the volcanic soils of Bicol, and Sorsogon is one of its homes. The nut inside the hard shell is rich and buttery, a little like a macadamia, and it has been a favourite pasalubong for as long as anyone can remember.',
      'Cracking pili is a skill: the shell is hard and the kernel easily broken. Workers use a bolo and a steady hand, then peel off the thin brown skin after soaking.',
      'We sell pili roasted with sea salt, glazed with muscovado, and as mazapan de pili, the soft candy wrapped in coloured paper. All of them disappear faster than you expect.',
    ],
    images: ['A bowl of glazed pili nuts and a few uncracked pili shells on a banana leaf'],
  },
  {
    slug: 'a-weekend-at-the-salcedo-market',
    title: 'A Weekend at the Salcedo Market',
    author: maricel,
    excerpt: 'Where makers, farmers and home cooks meet on a Saturday morning in Makati.',
    paragraphs: [
      'Every Saturday a parking lot in Salcedo Village turns into one of the liveliest markets in Metro Manila. Farmers bring vegetables from Tagaytay and Benguet, home cooks bring kakanin and longganisa, and small makers sell everything from soap to ceramics.',
      'Many of the makers in our shop started at a stall like these, testing prices and learning from customers face to face. A market is still the best place to hear how something is made from the person who made it.',
      'Go early, bring your own bayong, and leave room for a late breakfast. The lines for the good stalls are long by nine.',
    ],
    images: ['Shoppers with woven bags walking between stalls at a Saturday market in Makati'],
  },
  {
    slug: 'packing-a-pasalubong-box',
    title: 'Packing a Pasalubong Box',
    author: paolo,
    excerpt: 'What to bring home for the family, and how to make it survive the trip.',
    paragraphs: [
      'No Filipino comes home empty-handed. Pasalubong, the gifts you bring back from a trip, are as much a part of travelling as the ticket. For family abroad, a box of things from home can mean more than anything bought in a mall.',
      'Pack heavy and hard items at the bottom: jars of coconut jam, bottles of vinegar wrapped in newspaper and sealed in plastic. Dried mangoes, polvoron and pili go in the middle, and anything woven goes on top, where nothing can crush it.',
      'Check the rules of the country you are sending to. Many do not allow meat products or fresh fruit, and some ask for labels on food. Tape the box twice, write the address on two sides, and do not forget a note.',
    ],
    images: ['An open balikbayan box packed with jars, dried mangoes and a woven bag on top'],
  },
  {
    slug: 'dyeing-with-indigo-in-abra',
    title: 'Dyeing with Indigo in Abra',
    author: ligaya,
    excerpt: 'Reviving the tayum, the indigo plant that once coloured the cloth of the north.',
    paragraphs: [
      'The indigo plant, called tayum or tagum in the north, once coloured much of the cloth woven in Abra and Ilocos. Synthetic dyes pushed it aside in the last century, and only a few families kept the knowledge of how to ferment the leaves.',
      'In recent years weavers and farmers have been replanting indigo and reviving the dye vats. The leaves soak in water until they ferment, lime is added, and the liquid is beaten until it turns blue. Cloth dipped in the vat comes out green and turns deep blue as it meets the air.',
      'Natural indigo fades slowly and beautifully. Wash it separately the first few times, in cold water and out of direct sun, and it will keep its colour for years.',
    ],
    images: ['Skeins of cotton yarn in shades of natural indigo blue drying on a line in Abra'],
  },
];
