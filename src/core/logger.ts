/** Where the runtime and plugins report what happened. Shaped like `console` so it can be passed as is. */
export interface Logger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/** The default logger: the host's console. */
export const consoleLogger = (): Logger => ({
  debug: (message, ...details) => console.debug(message, ...details),
  info: (message, ...details) => console.info(message, ...details),
  warn: (message, ...details) => console.warn(message, ...details),
  error: (message, ...details) => console.error(message, ...details),
});

/** A logger that starts every message with `[prefix]`, so a plugin's lines are easy to find. */
export const prefixLogger = (logger: Logger, prefix: string): Logger => {
  const tag = `[${prefix}] `;
  return {
    debug: (message, ...details) => logger.debug(tag + message, ...details),
    info: (message, ...details) => logger.info(tag + message, ...details),
    warn: (message, ...details) => logger.warn(tag + message, ...details),
    error: (message, ...details) => logger.error(tag + message, ...details),
  };
};

/** A logger that drops everything; handy in tests and benchmarks. */
export const silentLogger = (): Logger => ({ debug() {}, info() {}, warn() {}, error() {} });

/** A readable message from anything thrown. */
export const messageOf = (error: unknown): string => {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
};
