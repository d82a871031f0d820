/**
 * The captcha step's texts (English; Filipino in `src/i18n/locales/fil-PH/reviews.json`). Only the
 * review form's and the Q&A form's chunks import it (through `CaptchaStep.tsx`).
 */
import { defineMessages } from '../../i18n/index.js';

export const captchaTexts = defineMessages('reviews/captcha', {
  label: 'Security check',
  missing: 'The security check could not be shown. Please reload the page.',
});
