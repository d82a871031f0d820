/** Reads one cookie from a Cookie header or `document.cookie`. */
export const readCookie = (header: string, name: string): string | null => {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
};

/** Writes a first-party cookie from the browser. */
export const writeCookie = (name: string, value: string, maxAgeSeconds: number): void => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
};

/** Cookie that remembers the shopper's consent answer. */
export const CONSENT_COOKIE = 'suki_consent';
/** Store notice dismissal cookie name for a notice id; its value is `hidden`. */
export const storeNoticeCookie = (id: string): string => `store_notice_${id}`;
