// What the specs import instead of `@playwright/test`: the same API, with `baseURL` (and so every
// page, context and request the test makes) pointing at the worker's own pair of servers.
import { test as base } from '@playwright/test';
import { onPair } from './servers.js';

export * from '@playwright/test';

export const test = base.extend({
  baseURL: async ({ baseURL }, use, info) => {
    await use(baseURL === undefined ? undefined : onPair(baseURL, info.parallelIndex));
  },
});
