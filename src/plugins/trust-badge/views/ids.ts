/** The badge's element id (the first-load wrapper listens on it for the shopper's reach). */
export const BADGE_ID = 'trust-badge';
