import type { DatabaseConnection, Dialect, Driver } from 'kysely';

/**
 * What happens to a COMMIT whose connection is lost: 'stored' when the database committed
 * before the connection dropped, 'storedThenDown' when the database also stays unreachable
 * afterwards, 'lost' when the commit never reached it.
 */
export type LostCommit = 'stored' | 'storedThenDown' | 'lost';

/**
 * A dialect over `inner` whose every commit reports a lost connection to the caller, as
 * PostgreSQL's client does when the connection drops during COMMIT, whatever became of it.
 */
export function lostCommitDialect(inner: Dialect, outcome: LostCommit): Dialect {
  let down = false;
  const lost = () => new Error('Connection terminated unexpectedly');
  const wrap = (driver: Driver): Driver => {
    const broken = new WeakSet<DatabaseConnection>();
    return {
      init: () => driver.init(),
      async acquireConnection() {
        if (down) throw new Error('connect ECONNREFUSED');
        return driver.acquireConnection();
      },
      beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
      async commitTransaction(connection) {
        if (outcome === 'lost') await driver.rollbackTransaction(connection);
        else await driver.commitTransaction(connection);
        broken.add(connection);
        down = outcome === 'storedThenDown';
        throw lost();
      },
      async rollbackTransaction(connection) {
        if (broken.has(connection)) throw lost();
        await driver.rollbackTransaction(connection);
      },
      releaseConnection: (connection) => driver.releaseConnection(connection),
      destroy: () => driver.destroy(),
    };
  };
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => wrap(inner.createDriver()),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}
