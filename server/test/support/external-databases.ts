// The real PostgreSQL and MariaDB of this machine and of CI (trust auth; root without a password), as the
// body of `POST /v1/databases` names them. TEST_DATABASE_URL, when set, is the PostgreSQL to use.
const PG = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');

export const POSTGRES_DATABASE = {
  kind: 'postgres' as const,
  host: PG.hostname,
  port: Number(PG.port || 5432),
  database: PG.pathname.slice(1) || 'test',
  user: decodeURIComponent(PG.username || 'postgres'),
};

export const MARIADB_DATABASE = {
  kind: 'mysql' as const,
  host: '127.0.0.1',
  port: 3306,
  database: 'test',
  user: 'root',
};
