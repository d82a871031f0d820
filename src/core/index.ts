/**
 * The framework-free core of Suki: event bus, commands, plugins, consent, stores and the cart.
 * Runs under plain Node; imports no React, no DOM globals and no HTTP client.
 */
export { createRuntime, type Runtime, type RuntimeOptions, type RuntimeStores } from './runtime.js';
export {
  createEventBus,
  subscribeFor,
  type BoundEmit,
  type Emit,
  type EventBus,
  type EventBusOptions,
  type EventStreams,
  type OfDomain,
  type OfType,
  type StreamOwner,
  type Subscribe,
} from './bus.js';
export {
  createCommandBus,
  DuplicateHandlerError,
  type CommandBus,
  type CommandContext,
  type CommandHandler,
  type CommandResult,
  type InputlessCommandType,
  type Execute,
} from './command-bus.js';
export {
  definePlugin,
  planPlugins,
  resolveConfigSchemas,
  type DestinationContext,
  type FeatureContext,
  type PlannedPlugin,
  type PluginConfigSchema,
  type PluginContext,
  type PluginContextBase,
  type PluginDefinition,
  type PluginEntry,
  type PluginKind,
  type PluginPlan,
  type PluginTeardown,
} from './plugin.js';
export { createStore, type ReadableStore, type Store, type StoreOptions } from './store.js';
export {
  createConsentModule,
  DEFAULT_CONSENT_BUFFER,
  initialConsent,
  type ConsentModule,
  type ConsentOptions,
  type ConsentSnapshot,
} from './consent.js';
export {
  cartFailureMessage,
  createCartModule,
  type CartError,
  type CartRetry,
  DEFAULT_RETRY_DELAYS_MS,
  changeLanded,
  type CartIntentKind,
  type CartModule,
  type CartModuleOptions,
  type CartState,
  type CartStatus,
} from './cart/cart-module.js';
export { consoleLogger, messageOf, prefixLogger, silentLogger, type Logger } from './logger.js';
export { createIdGenerator } from './ids.js';
export { err, ok, type Result } from './result.js';
export type * from './events.js';
export { itemFactsOf, itemFactsOfLine } from './events.js';
export type * from './commands.js';
export type * from './tap.js';
export type * from './ports.js';
