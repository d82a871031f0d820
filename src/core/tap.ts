/**
 * The recording hook of the event inspector (`createRuntime({ tap })`): what the runtime tells it
 * that cannot be seen from outside. Everything else the inspector reads through the runtime's
 * public side (`events$`, the consent store, the logger). Without a tap the runtime calls nothing.
 */
import type { DomainEvent } from './events.js';

/** Told what the event inspector cannot observe from outside the runtime. Its functions must not throw. */
export interface RuntimeTap {
  /**
   * The consent gate passed an event to the plugins that require consent: at once while consent
   * is granted, or later, in order, when a grant releases the events it held.
   */
  readonly delivered: (event: DomainEvent) => void;
  /**
   * A command starts (`type` is `<owner>.<verb>`, so its handler's plugin is the part before the
   * dot); what it returns is called with the command's result, which it must return unchanged.
   */
  readonly command: (type: string, input: unknown) => <R>(result: R) => R;
}
