-- CreateTable
CREATE TABLE "organizations" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "indexed_tokens" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "users" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "memberships" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "memberships_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "projects" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organization_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "projects_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "plans" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "interval" TEXT NOT NULL DEFAULT 'monthly',
    "credit_limit" INTEGER NOT NULL,
    "datamodel_limit" INTEGER NOT NULL,
    "private_smartpage_limit" INTEGER NOT NULL,
    "public_smartpage_limit" INTEGER NOT NULL,
    "private_smartpage_user_limit" INTEGER NOT NULL,
    "indexed_token_limit" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organization_id" INTEGER NOT NULL,
    "plan_id" INTEGER NOT NULL,
    "start_date" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "end_date" DATETIME NOT NULL,
    "trial_period" BOOLEAN NOT NULL DEFAULT false,
    "did_trial_period" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "subscriptions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "subscriptions_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "credit_addons" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organization_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "credits" INTEGER NOT NULL,
    "valid_from" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "valid_until" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "credit_addons_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" DATETIME,
    "expires_at" DATETIME,
    "revoked_at" DATETIME,
    CONSTRAINT "api_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "project_tokens" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" DATETIME,
    "expires_at" DATETIME,
    "revoked_at" DATETIME
);

-- CreateTable
CREATE TABLE "user_access_tokens" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "prefix" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" DATETIME,
    "expires_at" DATETIME NOT NULL,
    "revoked_at" DATETIME,
    CONSTRAINT "user_access_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "datasets" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "datasets_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "subjects" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "dataset_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "subjects_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "contents" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "subject_id" INTEGER NOT NULL,
    "dataset_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT '',
    "media_video" TEXT,
    "media_image" TEXT,
    "import_url" TEXT,
    "token_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "contents_subject_id_fkey" FOREIGN KEY ("subject_id") REFERENCES "subjects" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "contents_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "passages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "content_id" INTEGER NOT NULL,
    "dataset_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "heading" TEXT NOT NULL DEFAULT '',
    "text" TEXT NOT NULL,
    "answer" TEXT NOT NULL DEFAULT '',
    "token_count" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "passages_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "contents" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "passages_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "generative_models" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'extractive',
    "base_url" TEXT,
    "provider_model" TEXT,
    "api_key_env" TEXT,
    "fee_search" REAL NOT NULL DEFAULT 1,
    "fee_stream" REAL NOT NULL DEFAULT 1,
    "fee_deepsearch" REAL NOT NULL DEFAULT 1,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "generation_presets" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "identifier" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prompt_template" TEXT NOT NULL,
    "generative_model_id" INTEGER NOT NULL,
    "parameters" TEXT NOT NULL DEFAULT '{}',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "generation_presets_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "generation_presets_generative_model_id_fkey" FOREIGN KEY ("generative_model_id") REFERENCES "generative_models" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "datamodels" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "dataset_id" INTEGER NOT NULL,
    "preset_id" INTEGER NOT NULL,
    "generative_model_id" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "datamodels_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "datamodels_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "datamodels_preset_id_fkey" FOREIGN KEY ("preset_id") REFERENCES "generation_presets" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "datamodels_generative_model_id_fkey" FOREIGN KEY ("generative_model_id") REFERENCES "generative_models" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "smartpages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "datamodel_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "visibility" TEXT NOT NULL DEFAULT 'public',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "smartpages_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "smartpages_datamodel_id_fkey" FOREIGN KEY ("datamodel_id") REFERENCES "datamodels" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "smartpage_users" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "smartpage_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "smartpage_users_smartpage_id_fkey" FOREIGN KEY ("smartpage_id") REFERENCES "smartpages" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "conversations" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "project_id" INTEGER NOT NULL,
    "identifier" TEXT NOT NULL,
    "origin" TEXT NOT NULL DEFAULT 'api',
    "user_email" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "conversations_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "interactions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "identifier" TEXT NOT NULL,
    "conversation_id" TEXT NOT NULL,
    "project_id" INTEGER NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "datamodel_id" INTEGER,
    "datamodel_name" TEXT NOT NULL DEFAULT '',
    "dataset_id" INTEGER,
    "dataset_name" TEXT NOT NULL DEFAULT '',
    "generative_model_name" TEXT NOT NULL DEFAULT '',
    "preset_id" INTEGER,
    "preset_name" TEXT NOT NULL DEFAULT '',
    "prompt_tokens" INTEGER NOT NULL DEFAULT 0,
    "completion_tokens" INTEGER NOT NULL DEFAULT 0,
    "total_tokens" INTEGER NOT NULL DEFAULT 0,
    "total_tokens_with_fee" INTEGER NOT NULL DEFAULT 0,
    "evaluation" TEXT,
    "feedback" TEXT,
    "feedback_options" TEXT,
    "user_name" TEXT NOT NULL DEFAULT '',
    "user_email" TEXT NOT NULL DEFAULT '',
    "api_key_id" INTEGER,
    "extra" TEXT NOT NULL DEFAULT '{}',
    "search" TEXT NOT NULL DEFAULT '{}',
    "user_prompt" TEXT NOT NULL DEFAULT '',
    "template_prompt" TEXT NOT NULL DEFAULT '',
    "day" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "interactions_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "interactions_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "assessments" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "interaction_id" INTEGER,
    "question" TEXT NOT NULL,
    "answers" TEXT NOT NULL,
    "generative_answer" TEXT NOT NULL,
    "model_id" INTEGER NOT NULL,
    "dataset_id" INTEGER NOT NULL,
    "evaluation" TEXT NOT NULL,
    "feedback" TEXT,
    "extra" TEXT NOT NULL DEFAULT '{}',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "assessments_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "assessments_interaction_id_fkey" FOREIGN KEY ("interaction_id") REFERENCES "interactions" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "uploads" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "uploads_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "upload_items" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "upload_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "dataset_name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "subject_name" TEXT,
    "content_name" TEXT,
    "source_link" TEXT,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_by" TEXT,
    "locked_until" DATETIME,
    "content_id" INTEGER,
    "passage_count" INTEGER NOT NULL DEFAULT 0,
    "token_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "upload_items_upload_id_fkey" FOREIGN KEY ("upload_id") REFERENCES "uploads" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "usage_daily" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organization_id" INTEGER NOT NULL,
    "project_id" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "datamodel_id" INTEGER NOT NULL DEFAULT 0,
    "origin" TEXT NOT NULL,
    "interaction_type" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "prompt_tokens" INTEGER NOT NULL DEFAULT 0,
    "completion_tokens" INTEGER NOT NULL DEFAULT 0,
    "total_tokens" INTEGER NOT NULL DEFAULT 0,
    "credits" INTEGER NOT NULL DEFAULT 0
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "memberships_organization_id_idx" ON "memberships"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "memberships_user_id_organization_id_key" ON "memberships"("user_id", "organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "projects_organization_id_name_key" ON "projects"("organization_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "plans_name_key" ON "plans"("name");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_organization_id_key" ON "subscriptions"("organization_id");

-- CreateIndex
CREATE INDEX "credit_addons_organization_id_idx" ON "credit_addons"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_token_hash_key" ON "api_keys"("token_hash");

-- CreateIndex
CREATE INDEX "api_keys_project_id_idx" ON "api_keys"("project_id");

-- CreateIndex
CREATE UNIQUE INDEX "project_tokens_token_hash_key" ON "project_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "project_tokens_project_id_idx" ON "project_tokens"("project_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_access_tokens_token_hash_key" ON "user_access_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "user_access_tokens_user_id_idx" ON "user_access_tokens"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "datasets_project_id_name_key" ON "datasets"("project_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "subjects_dataset_id_name_key" ON "subjects"("dataset_id", "name");

-- CreateIndex
CREATE INDEX "contents_subject_id_idx" ON "contents"("subject_id");

-- CreateIndex
CREATE UNIQUE INDEX "contents_dataset_id_import_url_key" ON "contents"("dataset_id", "import_url");

-- CreateIndex
CREATE INDEX "passages_content_id_idx" ON "passages"("content_id");

-- CreateIndex
CREATE INDEX "passages_dataset_id_idx" ON "passages"("dataset_id");

-- CreateIndex
CREATE UNIQUE INDEX "generative_models_name_key" ON "generative_models"("name");

-- CreateIndex
CREATE UNIQUE INDEX "generation_presets_project_id_identifier_key" ON "generation_presets"("project_id", "identifier");

-- CreateIndex
CREATE UNIQUE INDEX "datamodels_project_id_name_key" ON "datamodels"("project_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "smartpages_slug_key" ON "smartpages"("slug");

-- CreateIndex
CREATE INDEX "smartpages_project_id_idx" ON "smartpages"("project_id");

-- CreateIndex
CREATE UNIQUE INDEX "smartpage_users_smartpage_id_email_key" ON "smartpage_users"("smartpage_id", "email");

-- CreateIndex
CREATE INDEX "conversations_project_id_created_at_idx" ON "conversations"("project_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "interactions_identifier_key" ON "interactions"("identifier");

-- CreateIndex
CREATE INDEX "interactions_conversation_id_created_at_idx" ON "interactions"("conversation_id", "created_at");

-- CreateIndex
CREATE INDEX "interactions_project_id_day_idx" ON "interactions"("project_id", "day");

-- CreateIndex
CREATE INDEX "interactions_organization_id_day_idx" ON "interactions"("organization_id", "day");

-- CreateIndex
CREATE UNIQUE INDEX "assessments_interaction_id_key" ON "assessments"("interaction_id");

-- CreateIndex
CREATE INDEX "assessments_project_id_idx" ON "assessments"("project_id");

-- CreateIndex
CREATE INDEX "uploads_project_id_idx" ON "uploads"("project_id");

-- CreateIndex
CREATE INDEX "upload_items_upload_id_idx" ON "upload_items"("upload_id");

-- CreateIndex
CREATE INDEX "upload_items_state_next_attempt_at_idx" ON "upload_items"("state", "next_attempt_at");

-- CreateIndex
CREATE INDEX "usage_daily_organization_id_day_idx" ON "usage_daily"("organization_id", "day");

-- CreateIndex
CREATE UNIQUE INDEX "usage_daily_project_id_day_datamodel_id_origin_interaction_type_key" ON "usage_daily"("project_id", "day", "datamodel_id", "origin", "interaction_type");
