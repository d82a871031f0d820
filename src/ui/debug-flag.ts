/**
 * Whether this page opens the event inspector (whose code, `src/ui/inspector/`, is fetched only
 * then). `mode` is the shop's (`PublicShopSettings.debug`): `on` opens it on every page; `request`
 * opens it once the address carries `?suki-debug=1`, remembered for the tab's session (session
 * storage) until `?suki-debug=0`; where session storage cannot be used, it stays shut. Without a
 * mode it stays shut (the browser entry passes `request` in a development build). Every page
 * carries this function, so it is kept to a few bytes.
 */
export const inspectorOn = (mode: 'on' | 'request' | undefined): boolean => {
  if (mode === 'request') {
    try {
      return (sessionStorage['suki-debug'] = /[?&]suki-debug=(\d)/.exec(location.search)?.[1] ?? sessionStorage['suki-debug']) === '1';
    } catch {
      // No session storage (a sandboxed frame, storage switched off): no inspector.
    }
  }
  return mode === 'on';
};
