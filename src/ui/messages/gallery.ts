/**
 * The product gallery's and lightbox's texts; the product page's chunk imports this (Filipino in
 * `src/i18n/locales/fil-PH/shell.json`).
 */
import { defineMessages, params } from '../../i18n/index.js';

export const galleryTexts = defineMessages('shell/gallery', {
  imagesOf: params('Images of {name}'),
  imageOf: params('Image {index} of {count}'),
  imageOfWithAlt: params('Image {index} of {count}: {alt}'),
  enlarge: params('Enlarge image {index} of {count}'),
  enlargeWithAlt: params('Enlarge image {index} of {count}: {alt}'),
  choose: 'Choose an image',
  show: params('Show image {index} of {count}'),
  previous: 'Previous image',
  next: 'Next image',
  play: 'Play slideshow',
  pause: 'Pause slideshow',
  close: 'Close',
  all: 'All images',
  /** The gallery's and its slides' role descriptions. */
  gallery: 'gallery',
  image: 'image',
  /** The lightbox's alert when an image fails to load, before it closes. */
  loadError: 'Image cannot be loaded. Make sure the path is correct and image exist.',
});
