/**
 * Test helper: every schema an adapter parses an answer with, under the name of its description in
 * the property-testing kit (`src/core/testing/wire.ts`). `wire-kit.test.ts` proves each pair agrees.
 */
import * as v from 'valibot';
import type { WireName } from '../../core/testing/wire.js';
import * as blog from '../blog.js';
import * as cart from '../cart.js';
import * as catalog from '../catalog.js';
import * as checkout from '../checkout.js';
import type { Schema } from '../http.js';
import * as newsletter from '../newsletter.js';
import * as questions from '../questions.js';
import * as reviews from '../reviews.js';
import * as wishlist from '../wishlist.js';

export const wireSchemas: { readonly [N in WireName]: Schema<unknown> } = {
  storeProduct: catalog.storeProductSchema,
  storeProducts: v.array(catalog.storeProductSchema),
  storeCategory: catalog.storeCategorySchema,
  collectionData: catalog.collectionDataSchema,
  term: catalog.termSchema,
  attribute: catalog.attributeSchema,
  storeCart: cart.storeCartSchema,
  refreshedFragments: cart.refreshedFragmentsSchema,
  productCategory: cart.productCategorySchema,
  checkoutCart: checkout.checkoutCartSchema,
  checkoutOrder: checkout.checkoutOrderSchema,
  storeOrder: checkout.storeOrderSchema,
  review: reviews.reviewSchema,
  reviewPage: reviews.pageSchema,
  reviewSummary: reviews.summarySchema,
  reviewTag: reviews.tagSchema,
  reviewForm: reviews.formSchema,
  reviewsBlock: reviews.blockSchema,
  reviewsAll: reviews.allSchema,
  reviewsHome: reviews.homeSchema,
  trustBadge: reviews.badgeSchema,
  reviewVotes: reviews.votesSchema,
  reviewResult: reviews.resultSchema,
  reviewUpload: reviews.uploadedSchema,
  questionPage: questions.pageSchema,
  questionsBlock: questions.blockSchema,
  questionVotes: questions.votesSchema,
  questionResult: questions.resultSchema,
  wishlistState: wishlist.stateSchema,
  wishlistAdd: wishlist.addSchema,
  wishlistDetails: wishlist.detailsSchema,
  wishlistEstimate: wishlist.estimateSchema,
  newsletterLookUp: newsletter.lookUpSchema,
  newsletterSetUser: newsletter.setUserSchema,
  blogPost: blog.postSchema,
  blogPosts: v.array(blog.postSchema),
  blogComment: blog.commentSchema,
  blogCommentReceipt: blog.receiptSchema,
};
