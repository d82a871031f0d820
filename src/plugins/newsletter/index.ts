/**
 * The newsletter capture (Mailchimp for WooCommerce's, `wire-protocol.md` §5): it watches the
 * checkout's email field (`checkout.email`, emitted by the checkout page on focus and blur), the
 * login and registration forms of My Account (`account.email`, on their address field's focus and
 * blur and as they are sent) and the
 * `Subscribe to our newsletter` checkbox it puts in the checkout form (`checkout.fields`), and hands
 * the address and the choice to the provider through the newsletter port, under the rules of
 * `capture.ts`: only a valid address, never the same one twice, again when the choice changes.
 *
 * - It requires consent: what the shopper types before answering the consent banner waits, and
 *   nothing is sent after a refusal.
 * - With cookies not allowed (the shop's option or the browser's switch) or carts disabled it does
 *   nothing at all, as the provider's script does.
 * - A provider's cart link (`?mc_cart_id=<hash>`) is looked up; a valid address found is emitted as
 *   `newsletter.emailRecovered` for the checkout to prefill.
 * - Failures are only logged.
 */
import { definePlugin } from '../../core/plugin.js';
import { defineViews } from '../../ui/slots.js';
import { cartHashInAddress, cookiesEnabled, memorise, recall } from './browser.js';
import { captureStep, initialCapture, isCaptureEmail, type CaptureEvent, type CaptureSend, type CaptureSettings, type CaptureState } from './capture.js';
import { NewsletterOptIn } from './views/NewsletterOptIn.js';
export type { NewsletterOptions } from './options.js';

declare module '../../core/events.js' {
  interface DomainEventMap {
    /** The shopper ticked or unticked the newsletter opt-in at checkout. */
    'newsletter.optInChanged': { readonly subscribed: boolean };
    /** A provider's cart link named the shopper's address; the checkout may prefill its email field. */
    'newsletter.emailRecovered': { readonly email: string };
  }
}

declare module '../../core/plugin.js' {
  interface PluginTypes {
    newsletter: typeof newsletter;
  }
}

const newsletter = definePlugin({
  name: 'newsletter',
  kind: 'feature',
  // The schema loads only where options are checked (the server); the browser gets them checked.
  config: { load: () => import('./options.js').then((m) => m.newsletterOptions) },
  // Events (the address typed, the opt-in) reach it only once the shopper has consented.
  requiresConsent: true,
  // The checkout's email field and opt-in; the login and registration forms of My Account.
  pages: ['checkout', 'account'],
  setup({ config, ports, subscribe, ofType, emit, logger, signal }) {
    const settings: CaptureSettings = { cookiesAllowed: config.allowCookies && cookiesEnabled(), cartsDisabled: config.disableCarts, consentGranted: true };
    if (!settings.cookiesAllowed || settings.cartsDisabled) {
      logger.debug(settings.cartsDisabled ? 'off: carts are disabled' : 'off: cookies are not allowed');
      return;
    }
    const port = ports.newsletter;
    if (!port) {
      logger.warn('no newsletter port on this page; nothing is sent');
      return;
    }
    let state: CaptureState = { ...initialCapture, ...recall() };

    const step = (event: CaptureEvent): void => {
      const next = captureStep(state, settings, event);
      state = next.state;
      memorise(state);
      if (next.send) void send(next.send);
    };
    // Only the answer to the latest send counts: an earlier one (the address with the old opt-in,
    // still on its way when the box was ticked) must not mark the new choice as taken.
    let latest = 0;
    const send = async (capture: CaptureSend): Promise<void> => {
      const mine = (latest += 1);
      const result = await port.setUser({ email: capture.email, language: config.language, subscribed: capture.subscribed });
      if (!result.ok) logger.warn(`the newsletter provider did not take the address: ${result.error.message}`);
      if (!signal.aborted && mine === latest) step({ type: 'sent', email: capture.email, ok: result.ok });
    };

    subscribe(ofType('checkout.email'), ({ payload }) => step({ type: 'emailSeen', email: payload.email }));
    // Login and registration (the provider's `#username` and `#reg_email`): the same rules, so a
    // username that is no address is never sent.
    subscribe(ofType('account.email'), ({ payload }) => step({ type: 'emailSeen', email: payload.email }));
    subscribe(ofType('newsletter.optInChanged'), ({ payload }) => step({ type: 'optInChanged', subscribed: payload.subscribed }));

    const hash = cartHashInAddress();
    if (hash !== null) {
      void port.lookUpByHash(hash).then((found) => {
        if (!found.ok) logger.warn(`the newsletter provider could not look the cart link up: ${found.error.message}`);
        else if (found.value !== null && isCaptureEmail(found.value) && !signal.aborted) emit('newsletter.emailRecovered', { email: found.value });
      });
    }
  },
});

export default newsletter;

/** The opt-in checkbox goes into the checkout form. */
export const views = defineViews(newsletter, { 'checkout.fields': NewsletterOptIn });
