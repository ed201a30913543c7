// The full-text index of the database in use. Apart from the interface
// (lexical.ts), which both implementations import.
import { isPostgres } from '../db/client';
import type { LexicalIndex } from './lexical';
import { postgresIndex } from './lexical-postgres';
import { sqliteIndex } from './lexical-sqlite';

export function lexicalIndex(): LexicalIndex {
  return isPostgres() ? postgresIndex : sqliteIndex;
}
