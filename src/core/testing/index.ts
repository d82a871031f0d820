/**
 * The property-testing kit: fast-check arbitraries of every wire answer the adapters parse and of
 * the domain's values, each with near misses the schema or rule must refuse, plus the older test
 * helpers (cart fixtures, random products). For tests only: nothing under `src/` that ships imports
 * it, so it never reaches the browser bundle (`tests/unit/testing-kit.test.ts` checks).
 *
 *     import { wire, wireNearMiss, phAddressArb } from '#testing';
 */
export { accepts, allNearMisses, arbitraryOf, nearMissOf, s, type Infer, type NearMiss, type NearMissKind, type Shape } from './wire-shape.js';
export { AMOUNT, wire, wireNearMiss, wireShapes, type WireJson, type WireName } from './wire.js';
export {
  currencyArb,
  emailArb,
  emailNearMiss,
  majorAmountArb,
  majorAmountNearMiss,
  moneyArb,
  phAddressArb,
  phBillingAddressArb,
  phBillingAddressNearMiss,
  phMobileArb,
  phMobileNearMiss,
  postcodeArb,
  postcodeNearMiss,
  quantityArb,
  quantityLimitsArb,
  quantityNearMiss,
  type CheckedAddressField,
  type Money,
  type WholeQuantityLimits,
} from './domain.js';
export { cartOf, facts, line, stubCartPort, stubPorts } from './cart-fixtures.js';
export { productArbitrary } from './product-arbitrary.js';
// The contact form's answers (schema, feedback, refill) and form inputs, valid and near misses (issue 16 §1).
export {
  feedbackAnswerArbitrary,
  feedbackWireArbitrary,
  fieldValueArbitrary,
  formInputsArbitrary,
  invalidFeedbackWireArbitrary,
  invalidRefillWireArbitrary,
  invalidSchemaWireArbitrary,
  refillWireArbitrary,
  schemaWireArbitrary,
  swvRuleArbitrary,
  swvRuleWireArbitrary,
} from './contact-form.js';
