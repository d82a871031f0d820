/**
 * The newsletter's email capture rules (the provider plugin's checkout and account capture), as a
 * pure state machine. The provider's own rules, kept: only a valid address is remembered or sent;
 * an address equal to the last one sent successfully is not sent again; nothing is remembered or
 * sent when cookies are not allowed, and nothing is sent when carts are disabled; changing the
 * opt-in forgets the last sent address so the new choice goes out.
 *
 * Where the provider harms shoppers, we differ (see ARCHITECTURE.md, newsletter):
 * - its pattern refused top-level domains longer than four letters (`.online`), so a shopper who
 *   opted in with such an address was silently never subscribed: we accept 2 to 63 letters;
 * - it sent the address on blur before any privacy consent: we send only once consent is granted;
 * - it put the address unencoded in a form body, so `+` arrived as a space: the adapter encodes it.
 */

// Local part of letters, digits, `_ + - .`; a domain of letters, digits, `_ - .`; a final label of letters.
const CAPTURE_EMAIL = /^[A-Za-z0-9_+\-.]+@[A-Za-z0-9_\-.]+\.[A-Za-z]{2,63}$/;

/** True for an address the capture accepts. */
export const isCaptureEmail = (value: string): boolean => value.length <= 254 && CAPTURE_EMAIL.test(value);

/** What the capture may do on this page. */
export interface CaptureSettings {
  readonly cookiesAllowed: boolean;
  readonly cartsDisabled: boolean;
  /** Privacy consent for marketing, as the consent banner reports it. */
  readonly consentGranted: boolean;
}

/** What the capture remembers. */
export interface CaptureState {
  readonly current: string | null;
  readonly previous: string | null;
  /** The last address the provider accepted. */
  readonly lastSent: string | null;
  /** An address sent and not answered yet. */
  readonly inFlight: string | null;
  readonly subscribed: boolean;
}

export const initialCapture: CaptureState = { current: null, previous: null, lastSent: null, inFlight: null, subscribed: false };

/** What happened. */
export type CaptureEvent =
  | { readonly type: 'emailSeen'; readonly email: string }
  | { readonly type: 'optInChanged'; readonly subscribed: boolean }
  | { readonly type: 'sent'; readonly email: string; readonly ok: boolean };

/** What to send to the provider, if anything. */
export interface CaptureSend {
  readonly email: string;
  readonly subscribed: boolean;
}

const remember = (state: CaptureState, email: string): CaptureState =>
  state.current === email ? state : { ...state, previous: state.current, current: email };

const maybeSend = (state: CaptureState, settings: CaptureSettings): { state: CaptureState; send: CaptureSend | null } => {
  const email = state.current;
  const allowed = settings.cookiesAllowed && !settings.cartsDisabled && settings.consentGranted;
  if (!allowed || email === null || email === state.lastSent || email === state.inFlight) return { state, send: null };
  return { state: { ...state, inFlight: email }, send: { email, subscribed: state.subscribed } };
};

/** The state after an event, and what to send now. */
export const captureStep = (state: CaptureState, settings: CaptureSettings, event: CaptureEvent): { readonly state: CaptureState; readonly send: CaptureSend | null } => {
  switch (event.type) {
    case 'emailSeen': {
      const email = event.email.trim();
      if (!settings.cookiesAllowed || !isCaptureEmail(email)) return { state, send: null };
      return maybeSend(remember(state, email), settings);
    }
    case 'optInChanged': {
      if (event.subscribed === state.subscribed) return { state, send: null };
      // The new choice must reach the provider: forget what was sent.
      return maybeSend({ ...state, subscribed: event.subscribed, lastSent: null, inFlight: null }, settings);
    }
    case 'sent': {
      if (event.email !== state.inFlight) return { state, send: null };
      const next: CaptureState = { ...state, inFlight: null, lastSent: event.ok ? event.email : state.lastSent };
      return { state: next, send: null };
    }
  }
};
