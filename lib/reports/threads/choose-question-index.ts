// The question index of the database in use. Apart from the interface
// (question-index.ts), which both implementations import.
import { isPostgres } from '../../db/client';
import type { QuestionIndex } from './question-index';
import { postgresQuestionIndex } from './question-index-postgres';
import { sqliteQuestionIndex } from './question-index-sqlite';

export function questionIndex(): QuestionIndex {
  return isPostgres() ? postgresQuestionIndex : sqliteQuestionIndex;
}
