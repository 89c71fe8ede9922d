import type { DatabaseFigures } from './data-io-results';

export type Engine = DatabaseFigures['database'];

/** The names DATA_IO_ENGINES takes, and the engine each one chooses. */
const ENGINE_NAMES: Record<string, Engine> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
  postgresql: 'PostgreSQL',
};

/** The order the engines run in, and their rows stand in the section. */
export const ENGINE_ORDER: readonly Engine[] = ['SQLite', 'PostgreSQL'];

/**
 * The engines a run measures: those DATA_IO_ENGINES names (comma-separated), or SQLite and,
 * when DATABASE_URL is set, PostgreSQL.
 */
export function chosenEngines(
  value: string | undefined,
  databaseUrl: string | undefined,
): Engine[] {
  const hasDatabaseUrl = databaseUrl !== undefined && databaseUrl.trim() !== '';
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (names.length === 0) return hasDatabaseUrl ? ['SQLite', 'PostgreSQL'] : ['SQLite'];
  const chosen = new Set<Engine>();
  for (const name of names) {
    const engine = ENGINE_NAMES[name];
    if (engine === undefined) {
      throw new Error(
        `DATA_IO_ENGINES names "${name}"; expected one or more of ${Object.keys(ENGINE_NAMES).join(', ')}`,
      );
    }
    chosen.add(engine);
  }
  if (chosen.has('PostgreSQL') && !hasDatabaseUrl) {
    throw new Error('DATA_IO_ENGINES chooses PostgreSQL; set DATABASE_URL to a server to use');
  }
  return ENGINE_ORDER.filter((engine) => chosen.has(engine));
}

/** The authorize load runs for the import's first this many seconds by default. */
export const DEFAULT_LOAD_WINDOW_SECONDS = 60;

/** DATA_IO_LOAD_WINDOW_SECONDS: how long from the import's start the authorize load runs. */
export function loadWindowSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_LOAD_WINDOW_SECONDS;
  const window = Number(value);
  if (!Number.isFinite(window) || window <= 0) {
    throw new Error(
      `DATA_IO_LOAD_WINDOW_SECONDS is "${value}"; expected a number of seconds above 0`,
    );
  }
  return window;
}
