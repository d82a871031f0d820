import type { CommandFailure, CommandInput, CommandMap, CommandOutput, CommandType } from './commands.js';
import { messageOf, type Logger } from './logger.js';
import { err, type Result } from './result.js';

/** What a handler returns: its output or one of its own failures. */
export type CommandResult<K extends CommandType> = Result<CommandOutput<K>, CommandMap[K]['failure']>;

/** What a command handler gets besides the input. */
export interface CommandContext {
  /** Aborted when the runtime stops. */
  readonly signal: AbortSignal;
}

/** Handles one command. May be sync or async; a throw or rejection becomes a `handler-threw` failure. */
export type CommandHandler<K extends CommandType> = (
  input: CommandInput<K>,
  context: CommandContext,
) => CommandResult<K> | Promise<CommandResult<K>>;

/** Commands that take no input (`cart.refresh`). */
export type InputlessCommandType = { [K in CommandType]: CommandInput<K> extends void ? K : never }[CommandType];

/** Runs a command. Never rejects: every problem comes back as a typed failure. */
export interface Execute {
  <K extends CommandType>(type: K, input: CommandInput<K>): Promise<Result<CommandOutput<K>, CommandFailure<K>>>;
  /** A command without input may be run without the second argument. */
  <K extends InputlessCommandType>(type: K): Promise<Result<CommandOutput<K>, CommandFailure<K>>>;
}

/** Thrown when a second handler is registered for a command; the runtime turns it into a start-up error. */
export class DuplicateHandlerError extends Error {
  override readonly name = 'DuplicateHandlerError';
}

/** The command registry of one runtime. */
export interface CommandBus {
  /** Registers the one handler of `type` on behalf of `owner`; throws {@link DuplicateHandlerError} if taken. */
  handle<K extends CommandType>(type: K, handler: CommandHandler<K>, owner: string): () => void;
  readonly execute: Execute;
  /** Makes every later `execute` fail with `no-handler`. */
  close(): void;
}

interface Registration {
  readonly owner: string;
  readonly handler: (input: unknown, context: CommandContext) => unknown;
}

/** Creates a command registry: exactly one handler per command. */
export const createCommandBus = (options: { readonly logger: Logger; readonly signal: AbortSignal }): CommandBus => {
  const handlers = new Map<string, Registration>();
  let closed = false;
  const context: CommandContext = { signal: options.signal };

  const execute = async <K extends CommandType>(type: K, input: CommandInput<K>): Promise<Result<CommandOutput<K>, CommandFailure<K>>> => {
    if (closed) return err({ kind: 'no-handler', message: `The runtime has stopped; "${type}" was not run.` });
    const registration = handlers.get(type);
    if (!registration) return err({ kind: 'no-handler', message: `No handler is registered for the command "${type}".` });
    try {
      // The registration was stored under `type` with a handler of `CommandHandler<K>`.
      return (await registration.handler(input, context)) as Result<CommandOutput<K>, CommandFailure<K>>;
    } catch (error) {
      options.logger.error(`[${registration.owner}] the handler of "${type}" threw`, error);
      return err({ kind: 'handler-threw', message: messageOf(error) });
    }
  };

  return {
    // One implementation serves both call shapes: a missing input is `undefined`, which is what void commands take.
    execute: execute as Execute,
    handle(type, handler, owner) {
      const existing = handlers.get(type);
      if (existing) {
        throw new DuplicateHandlerError(
          `[${owner}] command "${type}" already has a handler (registered by "${existing.owner}"); each command has exactly one.`,
        );
      }
      const registration: Registration = { owner, handler: handler as Registration['handler'] };
      handlers.set(type, registration);
      return () => {
        if (handlers.get(type) === registration) handlers.delete(type);
      };
    },
    close() {
      closed = true;
      handlers.clear();
    },
  };
};
