import { useEffect, useRef, useState } from 'react';
import { captchaVerifier } from './captcha.js';

interface CaptchaStepProps {
  readonly id: string;
  readonly siteKey: string;
  readonly error: string | null;
  readonly onToken: (token: string | null) => void;
}

/**
 * The captcha step, shown when the shop configured a site key: the registered verifier's challenge
 * (`captcha.ts`). Its error ("Please confirm that you are not a robot") is linked to the step.
 */
export function CaptchaStep({ id, siteKey, error, onToken }: CaptchaStepProps) {
  const box = useRef<HTMLDivElement>(null);
  const [missing, setMissing] = useState(false);
  const tokenRef = useRef(onToken);
  tokenRef.current = onToken;
  useEffect(() => {
    const verifier = captchaVerifier();
    if (!verifier || !box.current) {
      setMissing(true);
      return;
    }
    return verifier.mount(box.current, siteKey, (token) => tokenRef.current(token));
  }, [siteKey]);
  const errorId = `${id}-error`;
  return (
    <div className="review-captcha" role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? errorId : undefined} id={id} tabIndex={-1}>
      <span className="review-form__label" id={`${id}-label`}>
        Security check
      </span>
      <div ref={box} className="review-captcha__box" />
      {missing ? <p className="review-form__hint">The security check could not be shown. Please reload the page.</p> : null}
      {error ? (
        <p className="review-form__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
