/**
 * Captcha checking for the review and Q&A forms, behind one small interface so the shop can use
 * reCAPTCHA (the stock plugin's choice), another provider, or a fake in tests. The shop asks for a
 * token only when a site key is configured (`captchaSiteKey` in the plugins' options); the server
 * then verifies it with the secret from `SUKI_CAPTCHA_SECRET`.
 */

/** The verifier's answer: accepted, or refused with the provider's error codes. */
export type CaptchaOutcome = { readonly ok: true } | { readonly ok: false; readonly codes: readonly string[] };

/** Checks a captcha token the browser got from the provider. */
export interface CaptchaVerifier {
  verify(token: string, client: string): Promise<CaptchaOutcome>;
}

/** reCAPTCHA's verify endpoint. */
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/**
 * A reCAPTCHA verifier (v2 and v3): posts the secret, the token and the client's address to the
 * verify endpoint; v3 answers below `minScore` are refused (the stock plugin's 0.5). A network
 * failure or a bad answer refuses too (`verify-failed`), never accepts.
 */
export function recaptchaVerifier(secret: string, options: { readonly fetch?: typeof fetch; readonly minScore?: number; readonly timeoutMs?: number; readonly url?: string } = {}): CaptchaVerifier {
  const doFetch = options.fetch ?? fetch;
  const minScore = options.minScore ?? 0.5;
  return {
    verify: async (token, client) => {
      if (token.trim() === '') return { ok: false, codes: ['missing-input-response'] };
      try {
        const response = await doFetch(options.url ?? RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: client }).toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        const body = (await response.json()) as { success?: unknown; score?: unknown; 'error-codes'?: unknown };
        const codes = Array.isArray(body['error-codes']) ? body['error-codes'].filter((c): c is string => typeof c === 'string') : [];
        if (body.success !== true) return { ok: false, codes: codes.length > 0 ? codes : ['invalid-input-response'] };
        if (typeof body.score === 'number' && body.score < minScore) return { ok: false, codes: ['low-score'] };
        return { ok: true };
      } catch {
        return { ok: false, codes: ['verify-failed'] };
      }
    },
  };
}

/** The verifier the environment configures (`SUKI_CAPTCHA_SECRET`), or null. */
export function captchaVerifierFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): CaptchaVerifier | null {
  const secret = env['SUKI_CAPTCHA_SECRET']?.trim();
  return secret ? recaptchaVerifier(secret) : null;
}
