-- CreateTable
CREATE TABLE "evaluation_sets" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "questions" TEXT NOT NULL DEFAULT '[]',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "evaluation_sets_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "evaluation_runs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "set_id" INTEGER NOT NULL,
    "target" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "recall_1" REAL NOT NULL DEFAULT 0,
    "recall_5" REAL NOT NULL DEFAULT 0,
    "mrr_10" REAL NOT NULL DEFAULT 0,
    "duration_ms" INTEGER NOT NULL DEFAULT 0,
    "results" TEXT NOT NULL DEFAULT '[]',
    "error" TEXT,
    "started_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME,
    CONSTRAINT "evaluation_runs_set_id_fkey" FOREIGN KEY ("set_id") REFERENCES "evaluation_sets" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "evaluation_sets_project_id_name_key" ON "evaluation_sets"("project_id", "name");

-- CreateIndex
CREATE INDEX "evaluation_runs_set_id_started_at_idx" ON "evaluation_runs"("set_id", "started_at");
