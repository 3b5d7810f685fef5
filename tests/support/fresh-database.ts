import { randomBytes } from "node:crypto";
import { Client } from "pg";

/**
 * Empty Postgres databases beside TEST_DATABASE_URL's, for tests that need a schema of
 * their own (migrations, starts on an old schema). `dropAll` removes every one made.
 */
export function freshDatabases(baseUrl: string) {
  const created: string[] = [];
  const urlOf = (name: string) => {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  async function admin(sql: string): Promise<void> {
    const c = new Client({ connectionString: urlOf("postgres") });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  }
  return {
    /** A new, empty database; its URL. */
    async create(): Promise<string> {
      const name = `docscan_tmp_${randomBytes(4).toString("hex")}`;
      await admin(`create database ${name}`);
      created.push(name);
      return urlOf(name);
    },
    async dropAll(): Promise<void> {
      for (const name of created.splice(0)) await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
