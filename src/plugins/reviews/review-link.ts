/**
 * `?review=1` on a product page asks for the standalone review form (the link a review reminder
 * gives). Its own tiny module: the plugin's first-load code reads it to fetch the form's chunk at
 * once, and the form reads it to open.
 */
export const wantsReviewForm = (search: string): boolean => new URLSearchParams(search).get('review') === '1';
