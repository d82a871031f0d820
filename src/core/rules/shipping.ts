/**
 * Shipping rates for a Philippine address, as the shop's zones price them: Metro Manila a flat rate
 * that becomes free from a minimum order, the rest of Luzon, the Visayas and Mindanao each a flat
 * rate, local pickup free, and a free-shipping coupon making delivery free anywhere. Rate ids are
 * WooCommerce's `method:instance` form, so a stock client reads them unchanged.
 */
import type { MinorUnits } from '../domain/money.js';
import { provinceByCode, type IslandGroup } from '../domain/ph-provinces.js';

/** What each zone charges, in minor units. */
export interface ShippingConfig {
  readonly metroManila: { readonly flat: MinorUnits; readonly freeFrom: MinorUnits | null };
  readonly luzon: { readonly flat: MinorUnits };
  readonly visayas: { readonly flat: MinorUnits };
  readonly mindanao: { readonly flat: MinorUnits };
  /** Whether local pickup (free) is offered. */
  readonly pickup: boolean;
}

/** The shop's defaults: ₱100 in Metro Manila (free from ₱1,500), ₱150 Luzon, ₱200 Visayas and Mindanao. */
export const DEFAULT_SHIPPING: ShippingConfig = {
  metroManila: { flat: 10_000, freeFrom: 150_000 },
  luzon: { flat: 15_000 },
  visayas: { flat: 20_000 },
  mindanao: { flat: 20_000 },
  pickup: true,
};

export type ShippingMethod = 'flat_rate' | 'free_shipping' | 'local_pickup';

/** One rate the shopper can choose. */
export interface ShippingRate {
  /** `method:instance`, e.g. `flat_rate:1`. */
  readonly id: string;
  readonly method: ShippingMethod;
  readonly label: string;
  readonly cost: MinorUnits;
}

/** What the rates depend on. */
export interface ShippingInput {
  /** WooCommerce state code of the shipping address (`00`, `CEB`, ...), or empty when not given yet. */
  readonly province: string;
  /** Cart subtotal after discounts, tax included (what the free-shipping minimum compares with). */
  readonly subtotal: MinorUnits;
  /** A coupon in the cart grants free shipping. */
  readonly freeShippingCoupon: boolean;
}

// Zone instance numbers, stable so rate ids do not change between releases.
const ZONE_INSTANCE: Record<IslandGroup, { flat: number; free: number; pickup: number }> = {
  'metro-manila': { flat: 1, free: 2, pickup: 3 },
  luzon: { flat: 4, free: 5, pickup: 6 },
  visayas: { flat: 7, free: 8, pickup: 9 },
  mindanao: { flat: 10, free: 11, pickup: 12 },
};

const flatOf = (config: ShippingConfig, group: IslandGroup): MinorUnits => {
  switch (group) {
    case 'metro-manila':
      return config.metroManila.flat;
    case 'luzon':
      return config.luzon.flat;
    case 'visayas':
      return config.visayas.flat;
    case 'mindanao':
      return config.mindanao.flat;
  }
};

/**
 * The rates offered for an address, delivery first then pickup. An unknown or missing province
 * gets none (the shopper must choose one). When free shipping applies (the Metro Manila minimum, or
 * a free-shipping coupon anywhere) it is offered next to the flat rate, as WooCommerce does.
 */
export const shippingRates = (config: ShippingConfig, input: ShippingInput): ShippingRate[] => {
  const province = provinceByCode(input.province);
  if (!province) return [];
  const zone = ZONE_INSTANCE[province.group];
  const rates: ShippingRate[] = [{ id: `flat_rate:${zone.flat}`, method: 'flat_rate', label: 'Flat rate', cost: flatOf(config, province.group) }];
  const minimum = province.group === 'metro-manila' ? config.metroManila.freeFrom : null;
  const reachesMinimum = minimum !== null && input.subtotal >= minimum;
  if (reachesMinimum || input.freeShippingCoupon) rates.push({ id: `free_shipping:${zone.free}`, method: 'free_shipping', label: 'Free shipping', cost: 0 });
  if (config.pickup) rates.push({ id: `local_pickup:${zone.pickup}`, method: 'local_pickup', label: 'Local pickup', cost: 0 });
  return rates;
};

/**
 * The rate that is selected after the rates change: free shipping when it has just become
 * available (WooCommerce selects it when a free-shipping coupon is applied), otherwise the
 * shopper's previous choice while it is still offered, otherwise the first rate; null when none.
 */
// Stryker disable next-line ArrayDeclaration: equivalent (a default list holding a string has no rate whose id is free shipping's)
export const selectedRate = (rates: readonly ShippingRate[], previous: string | null, previousRates: readonly ShippingRate[] = []): string | null => {
  const free = rates.find((r) => r.method === 'free_shipping');
  const freeIsNew = free !== undefined && !previousRates.some((r) => r.id === free.id);
  if (free && freeIsNew) return free.id;
  if (previous !== null && rates.some((r) => r.id === previous)) return previous;
  return rates[0]?.id ?? null;
};

/** The cost of the chosen rate, or 0 when nothing is chosen. */
export const shippingCost = (rates: readonly ShippingRate[], chosen: string | null): MinorUnits => rates.find((r) => r.id === chosen)?.cost ?? 0;
