import { useEffect, useRef } from 'react';
import type { ViewContextOf } from '../../../core/plugin.js';
import type newsletter from '../index.js';

/**
 * `Subscribe to our newsletter`, unticked, in the checkout form. Each change is told to the capture
 * (`newsletter.optInChanged`); a box ticked before the page's script ran is told once it has. The
 * field keeps the provider's classic name, so a form post without scripts carries it too.
 */
export function NewsletterOptIn({ plugin }: { readonly plugin: ViewContextOf<typeof newsletter> }) {
  const box = useRef<HTMLInputElement>(null);
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
        {plugin.options.optInLabel}
      </label>
    </p>
  );
}
