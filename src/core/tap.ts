/**
 * The recording hook of the event inspector (`createRuntime({ tap })`). The runtime calls it once,
 * as it is made, with its event bus, the bus behind the consent gate and its `execute`, before any
 * of its own modules subscribes; what it returns is the `execute` the runtime hands out. The
 * inspector's recorder (`src/core/debug/recorder.ts`) subscribes first to both buses (so it hears
 * each event before the gate decides about it) and wraps `execute` to see each command and its
 * result. Without a tap the runtime does nothing more than read the option.
 */
import type { EventBus } from './bus.js';
import type { Execute } from './command-bus.js';

/**
 * Told, once, the runtime's buses (`bus`: every event; `gated`: what the consent gate passes to
 * the plugins that require consent) and its `execute`; returns the `execute` to use instead (or
 * nothing to keep it). It must only subscribe to the buses, never emit or close them.
 */
export type RuntimeTap = (bus: EventBus, gated: EventBus, execute: Execute) => Execute | void;
