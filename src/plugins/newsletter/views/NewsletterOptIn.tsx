import { useEffect, useRef } from 'react';
import type { ViewContextOf } from '../../../core/plugin.js';
import { useTexts } from '../../../ui/i18n.js';
import type newsletter from '../index.js';
import { newsletterTexts } from './messages.js';

/**
 * `Subscribe to our newsletter`, unticked, in the checkout form. Each change is told to the capture
 * (`newsletter.optInChanged`); a box ticked before the page's script ran is told once it has. The
 * field keeps the provider's classic name, so a form post without scripts carries it too.
 */
export function NewsletterOptIn({ plugin }: { readonly plugin: ViewContextOf<typeof newsletter> }) {
  const box = useRef<HTMLInputElement>(null);
  const t = useTexts(newsletterTexts);
  // The shop's default label is the catalogue's (in the page's language); a label of the shop's own is its words.
  const label = plugin.options.optInLabel === newsletterTexts.base.optIn ? t.optIn : plugin.options.optInLabel;
  useEffect(() => {
    if (box.current?.checked) plugin.emit('newsletter.optInChanged', { subscribed: true });
  }, [plugin]);
  return (
    <p className="form-row newsletter-opt-in">
      <label htmlFor="mailchimp_woocommerce_newsletter">
        <input
          ref={box}
          type="checkbox"
          id="mailchimp_woocommerce_newsletter"
          name="mailchimp_woocommerce_newsletter"
          value="1"
          defaultChecked={false}
          onChange={(event) => plugin.emit('newsletter.optInChanged', { subscribed: event.currentTarget.checked })}
        />{' '}
        {label}
      </label>
    </p>
  );
}
