import { useEffect, useState } from 'react';

/**
 * `on`, but only once it has stayed true for `afterMs`, and false as soon as it turns false. A
 * loading state for an answer that comes within a tenth of a second is only a flicker, and its
 * render and paint land just when the answer could be shown instead.
 */
export function useLateFlag(on: boolean, afterMs: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!on) {
      setLate(false);
      return;
    }
    const timer = setTimeout(() => setLate(true), afterMs);
    return () => clearTimeout(timer);
  }, [on, afterMs]);
  return on && late;
}
