const started = Date.now();

/** Seconds since the run started. */
export function elapsedSeconds(): number {
  return (Date.now() - started) / 1000;
}

export function log(message: string): void {
  console.log(`[bench ${elapsedSeconds().toFixed(0).padStart(4)} s] ${message}`);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
