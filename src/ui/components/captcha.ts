/**
 * The captcha step of the review and Q&A forms is pluggable: a shop that configures a site key
 * (`captchaSiteKey` in the reviews or questions plugin's options) registers a client verifier, typically from a
 * plugin of its own that loads the provider's script (and declares its host in `externalSources`).
 * The form mounts it in its captcha step and sends the token it gives; the server checks that token
 * with its own verifier. Without a verifier, or before it gave a token, submit says the stock
 * plugin's "Please confirm that you are not a robot".
 */

/** A client-side captcha (reCAPTCHA, hCaptcha, Turnstile... or a test double). */
export interface CaptchaVerifier {
  /**
   * Shows the challenge in `container` for `siteKey` and calls `onToken` with a token once solved,
   * or with null when it expired. Returns how to remove it.
   */
  mount(container: HTMLElement, siteKey: string, onToken: (token: string | null) => void): () => void;
}

let verifier: CaptchaVerifier | null = null;

/** Registers the verifier the review and Q&A forms use (the last one registered wins; null removes it). */
export const setCaptchaVerifier = (next: CaptchaVerifier | null): void => {
  verifier = next;
};

/** The registered verifier, or null. */
export const captchaVerifier = (): CaptchaVerifier | null => verifier;
