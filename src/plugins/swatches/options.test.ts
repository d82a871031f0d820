import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planPlugins, resolveConfigSchemas } from '../../core/plugin.js';
import swatches from './index.js';
import { lenientBoolean, swatchesOptions } from './options.js';

describe('swatches options', () => {
  it('has the spec’s defaults', () => {
    expect(swatchesOptions.parse({})).toMatchObject({
      showLabel: true,
      clearOnReselect: true,
      labelSeparator: ':',
      stockLabelThreshold: 5,
      showStock: false,
      clickableOutOfStock: false,
      displayLimit: 0,
    });
  });

  it('reads booleans leniently: true, 1, "1", "true", "yes", "on" (any case); anything else is false', () => {
    for (const yes of [true, 1, '1', 'true', 'YES', ' on ']) expect(lenientBoolean(yes)).toBe(true);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant(false)), (value) => {
        const truthy = value === 1 || (typeof value === 'string' && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase()));
        expect(lenientBoolean(value)).toBe(truthy);
      }),
    );
    expect(swatchesOptions.parse({ clearOnReselect: 'no', showStock: 'on' })).toMatchObject({ clearOnReselect: false, showStock: true });
  });

  it('reports every bad option under the plugin’s name, once its schema is loaded', async () => {
    const entries = [{ plugin: swatches, options: { stockLabelThreshold: -1, colors: { red: 'url(javascript:alert(1))' }, extra: 1 } }];
    // Without loading the schema the options cannot be checked, and planning says so.
    expect(planPlugins(entries)).toMatchObject({ ok: false, problems: [expect.stringMatching(/\[swatches\] config: .*not loaded/)] });
    const plan = planPlugins(await resolveConfigSchemas(entries));
    expect(plan.ok).toBe(false);
    if (!plan.ok) {
      expect(plan.problems.join('\n')).toMatch(/\[swatches\] stockLabelThreshold/);
      expect(plan.problems.join('\n')).toMatch(/\[swatches\] colors\.red/);
    }
  });
});
