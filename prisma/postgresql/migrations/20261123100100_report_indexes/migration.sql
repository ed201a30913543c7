-- Indexes of the threads report (raw SQL: partial indexes are not in the
-- Prisma schema; the same statements run on SQLite and PostgreSQL).

-- A page of threads, newest first, within a project; the id breaks ties so
-- the order (and therefore offset paging) is stable and needs no sort.
CREATE INDEX "conversations_project_id_created_at_id_idx" ON "conversations" ("project_id", "created_at", "id");

-- Rated and commented interactions are a small share of all of them: these
-- partial indexes let the evaluation and feedback filters find the threads
-- without reading every interaction of the organisation.
CREATE INDEX "interactions_evaluated_idx" ON "interactions" ("organization_id", "evaluation", "conversation_id") WHERE "evaluation" IS NOT NULL;
CREATE INDEX "interactions_with_feedback_idx" ON "interactions" ("organization_id", "conversation_id") WHERE "feedback" IS NOT NULL AND "feedback" <> '';
