/**
 * The one place the app writes to the browser console, so tests can watch it and a log
 * shipper can be added later without touching callers.
 */
export const logger = {
  error(message: string, ...details: unknown[]): void {
    console.error(message, ...details);
  },
  warn(message: string, ...details: unknown[]): void {
    console.warn(message, ...details);
  },
  info(message: string, ...details: unknown[]): void {
    console.info(message, ...details);
  },
};
