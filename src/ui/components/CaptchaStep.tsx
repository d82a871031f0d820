import { useEffect, useRef, useState } from 'react';
import { BASE_LOCALE, textsIn, type Locale } from '../../i18n/index.js';
import { captchaVerifier } from './captcha.js';
import { captchaTexts } from './captcha-messages.js';

interface CaptchaStepProps {
  readonly id: string;
  readonly siteKey: string;
  readonly error: string | null;
  readonly onToken: (token: string | null) => void;
  /** The form's class prefix for the label, hint and error (`review-form`, `qna-field`). */
  readonly prefix?: string;
  /** The page's language (the forms give theirs). @default 'en-PH' */
  readonly locale?: Locale;
}

/**
 * The captcha step of the review and Q&A forms, shown when the shop configured a site key: the
 * registered verifier's challenge (`captcha.ts`). Its error ("Please confirm that you are not a
 * robot") is linked to the step. Unmounting it forgets its token (tokens are single-use).
 */
export function CaptchaStep({ id, siteKey, error, onToken, prefix = 'review-form', locale = BASE_LOCALE }: CaptchaStepProps) {
  const t = textsIn(captchaTexts, locale);
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
    const unmount = verifier.mount(box.current, siteKey, (token) => tokenRef.current(token));
    return () => {
      unmount();
      tokenRef.current(null);
    };
  }, [siteKey]);
  const errorId = `${id}-error`;
  return (
    <div className="captcha-step" role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? errorId : undefined} id={id} tabIndex={-1}>
      <span className={`${prefix}__label`} id={`${id}-label`}>
        {t.label}
      </span>
      <div ref={box} className="captcha-step__box" />
      {missing ? <p className={`${prefix}__hint`}>{t.missing}</p> : null}
      {error ? (
        <p className={`${prefix}__error`} id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
