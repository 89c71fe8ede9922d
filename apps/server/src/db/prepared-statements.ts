import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema';

/**
 * Statements of a fixed shape, built and compiled by Kysely once and run again with new
 * arguments. Kysely builds and compiles a query each time it runs, which for the few
 * statements filing a claim runs with its fraud step costs more than SQLite takes to run them.
 * Here each shape is built once, with a placeholder where each argument goes; its compiled SQL
 * is kept, and each run gives Kysely that SQL with the arguments in the placeholders' places
 * (Kysely.executeQuery of a CompiledQuery), so the SQL still comes from the query builder and
 * its sql template, and runs through the same connections and transactions.
 *
 * Kept here rather than taken from a library: Kysely has no prepared query of its own, and this
 * is a few lines over its CompiledQuery. A statement whose shape depends on its input (a list
 * of fingerprints of some kinds) names the shape, and each shape is compiled once.
 */

/** Where argument `index` goes in a statement being built. */
class Argument {
  constructor(readonly index: number) {}
}

/** An argument's placeholder, as a value of the query being built. */
export type ArgumentOf = (index: number) => unknown;

const argument: ArgumentOf = (index) => new Argument(index);

interface Compiled {
  query: CompiledQuery;
  /** Each parameter: the index of the argument it takes, or a constant of the shape. */
  parameters: (Argument | unknown)[];
}

export class PreparedStatements<R> {
  /** Per database (its dialect decides the SQL), the compiled statement of each shape. */
  private readonly compiled = new WeakMap<object, Map<string, Compiled>>();

  /**
   * Runs the statement of `shape` with `args`. `build` gives that statement, compiled for `db`,
   * with `arg(i)` where argument `i` goes; it is called the first time the shape runs on a
   * database, so every other value the statement holds must be the same for every run of the
   * shape.
   */
  async execute(
    db: Kysely<Database>,
    shape: string,
    args: readonly unknown[],
    build: (arg: ArgumentOf) => CompiledQuery<R>,
  ): Promise<QueryResult<R>> {
    const adapter = db.getExecutor().adapter;
    let shapes = this.compiled.get(adapter);
    if (shapes === undefined) {
      shapes = new Map();
      this.compiled.set(adapter, shapes);
    }
    let statement = shapes.get(shape);
    if (statement === undefined) {
      const query = build(argument);
      statement = { query, parameters: [...query.parameters] };
      shapes.set(shape, statement);
    }
    return db.executeQuery<R>({
      ...statement.query,
      parameters: statement.parameters.map((value) =>
        value instanceof Argument ? args[value.index] : value,
      ),
    });
  }
}
