-- DropForeignKey
ALTER TABLE "generation_presets" DROP CONSTRAINT "generation_presets_generative_model_id_fkey";

-- DropForeignKey
ALTER TABLE "datamodels" DROP CONSTRAINT "datamodels_generative_model_id_fkey";

-- AddForeignKey
ALTER TABLE "generation_presets" ADD CONSTRAINT "generation_presets_generative_model_id_fkey" FOREIGN KEY ("generative_model_id") REFERENCES "generative_models"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "datamodels" ADD CONSTRAINT "datamodels_generative_model_id_fkey" FOREIGN KEY ("generative_model_id") REFERENCES "generative_models"("id") ON DELETE NO ACTION ON UPDATE CASCADE;
