import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachingSqlite } from './connect.js';

describe('SQLite statement cache', () => {
  it('compiles a SQL text once and reuses the statement, evicting the least recently used past its size', () => {
    const sqlite = new SQLite(':memory:');
    const db = cachingSqlite(sqlite, 2);
    const a = db.prepare('select 1 as n');
    expect(db.prepare('select 1 as n')).toBe(a);
    const b = db.prepare('select 2 as n');
    db.prepare('select 1 as n');
    db.prepare('select 3 as n');
    expect(db.prepare('select 1 as n')).toBe(a);
    expect(db.prepare('select 2 as n')).not.toBe(b);
    db.close();
  });

  it('a cached statement sees a column added after it was compiled', () => {
    const sqlite = new SQLite(':memory:');
    const db = cachingSqlite(sqlite);
    sqlite.exec('create table t (a integer); insert into t values (1)');
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    sqlite.exec('alter table t add column b integer default 2');
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1, b: 2 }]);
    db.close();
  });
});
