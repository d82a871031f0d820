/**
 * The Philippine provinces as WooCommerce lists them for country `PH` (its state codes, in its
 * order, with Metro Manila as `00`), each with the island group our shipping zones use. A stock
 * shop refuses any other code with `invalid_state`.
 */

/** The three island groups, with Metro Manila apart (it has its own rates). */
export type IslandGroup = 'metro-manila' | 'luzon' | 'visayas' | 'mindanao';

/** One province: WooCommerce's state code, its name, and its island group. */
export interface Province {
  readonly code: string;
  readonly name: string;
  readonly group: IslandGroup;
}

const L = 'luzon';
const V = 'visayas';
const M = 'mindanao';

// [code, name, group] in WooCommerce's order (alphabetical by name, Metro Manila last).
const TABLE: ReadonlyArray<readonly [string, string, IslandGroup]> = [
  ['ABR', 'Abra', L],
  ['AGN', 'Agusan del Norte', M],
  ['AGS', 'Agusan del Sur', M],
  ['AKL', 'Aklan', V],
  ['ALB', 'Albay', L],
  ['ANT', 'Antique', V],
  ['APA', 'Apayao', L],
  ['AUR', 'Aurora', L],
  ['BAS', 'Basilan', M],
  ['BAN', 'Bataan', L],
  ['BTN', 'Batanes', L],
  ['BTG', 'Batangas', L],
  ['BEN', 'Benguet', L],
  ['BIL', 'Biliran', V],
  ['BOH', 'Bohol', V],
  ['BUK', 'Bukidnon', M],
  ['BUL', 'Bulacan', L],
  ['CAG', 'Cagayan', L],
  ['CAN', 'Camarines Norte', L],
  ['CAS', 'Camarines Sur', L],
  ['CAM', 'Camiguin', M],
  ['CAP', 'Capiz', V],
  ['CAT', 'Catanduanes', L],
  ['CAV', 'Cavite', L],
  ['CEB', 'Cebu', V],
  ['COM', 'Compostela Valley', M],
  ['NCO', 'Cotabato', M],
  ['DAV', 'Davao del Norte', M],
  ['DAS', 'Davao del Sur', M],
  ['DAC', 'Davao Occidental', M],
  ['DAO', 'Davao Oriental', M],
  ['DIN', 'Dinagat Islands', M],
  ['EAS', 'Eastern Samar', V],
  ['GUI', 'Guimaras', V],
  ['IFU', 'Ifugao', L],
  ['ILN', 'Ilocos Norte', L],
  ['ILS', 'Ilocos Sur', L],
  ['ILI', 'Iloilo', V],
  ['ISA', 'Isabela', L],
  ['KAL', 'Kalinga', L],
  ['LUN', 'La Union', L],
  ['LAG', 'Laguna', L],
  ['LAN', 'Lanao del Norte', M],
  ['LAS', 'Lanao del Sur', M],
  ['LEY', 'Leyte', V],
  ['MAG', 'Maguindanao', M],
  ['MAD', 'Marinduque', L],
  ['MAS', 'Masbate', L],
  ['MSC', 'Misamis Occidental', M],
  ['MSR', 'Misamis Oriental', M],
  ['MOU', 'Mountain Province', L],
  ['NEC', 'Negros Occidental', V],
  ['NER', 'Negros Oriental', V],
  ['NSA', 'Northern Samar', V],
  ['NUE', 'Nueva Ecija', L],
  ['NUV', 'Nueva Vizcaya', L],
  ['MDC', 'Occidental Mindoro', L],
  ['MDR', 'Oriental Mindoro', L],
  ['PLW', 'Palawan', L],
  ['PAM', 'Pampanga', L],
  ['PAN', 'Pangasinan', L],
  ['QUE', 'Quezon', L],
  ['QUI', 'Quirino', L],
  ['RIZ', 'Rizal', L],
  ['ROM', 'Romblon', L],
  ['WSA', 'Samar', V],
  ['SAR', 'Sarangani', M],
  ['SIQ', 'Siquijor', V],
  ['SOR', 'Sorsogon', L],
  ['SCO', 'South Cotabato', M],
  ['SLE', 'Southern Leyte', V],
  ['SUK', 'Sultan Kudarat', M],
  ['SLU', 'Sulu', M],
  ['SUN', 'Surigao del Norte', M],
  ['SUR', 'Surigao del Sur', M],
  ['TAR', 'Tarlac', L],
  ['TAW', 'Tawi-Tawi', M],
  ['ZMB', 'Zambales', L],
  ['ZAN', 'Zamboanga del Norte', M],
  ['ZAS', 'Zamboanga del Sur', M],
  ['ZSI', 'Zamboanga Sibugay', M],
  ['00', 'Metro Manila', 'metro-manila'],
];

/** Every province in WooCommerce's order. */
export const PH_PROVINCES: readonly Province[] = TABLE.map(([code, name, group]) => ({ code, name, group }));

const BY_CODE = new Map(PH_PROVINCES.map((p) => [p.code, p]));

/** WooCommerce's state code for Metro Manila. */
export const METRO_MANILA = '00';

/** The province with this WooCommerce state code (`PH:` prefix allowed), or null. */
export const provinceByCode = (code: string): Province | null => BY_CODE.get(code.startsWith('PH:') ? code.slice(3) : code) ?? null;
