-- CreateTable
CREATE TABLE "evaluation_sets" (
    "id" SERIAL NOT NULL,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "questions" TEXT NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "evaluation_sets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "evaluation_runs" (
    "id" SERIAL NOT NULL,
    "set_id" INTEGER NOT NULL,
    "target" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "recall_1" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "recall_5" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "mrr_10" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "duration_ms" INTEGER NOT NULL DEFAULT 0,
    "results" TEXT NOT NULL DEFAULT '[]',
    "error" TEXT,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "evaluation_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "evaluation_sets_project_id_name_key" ON "evaluation_sets"("project_id", "name");

-- CreateIndex
CREATE INDEX "evaluation_runs_set_id_started_at_idx" ON "evaluation_runs"("set_id", "started_at");

-- AddForeignKey
ALTER TABLE "evaluation_sets" ADD CONSTRAINT "evaluation_sets_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation_runs" ADD CONSTRAINT "evaluation_runs_set_id_fkey" FOREIGN KEY ("set_id") REFERENCES "evaluation_sets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
