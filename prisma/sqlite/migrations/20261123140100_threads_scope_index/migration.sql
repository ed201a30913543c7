-- A project token's threads walk the organisation's range of conversations
-- and keep its project: with project_id in the index that walk (and its
-- count) never reads the table, instead of looking up organization_id row
-- by row through the project index.
DROP INDEX "conversations_organization_id_created_at_id_idx";
CREATE INDEX "conversations_organization_id_created_at_id_idx" ON "conversations" ("organization_id", "created_at", "id", "project_id");
