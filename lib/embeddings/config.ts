// The embeddings provider's part of the configuration (lib/config/embeddings.ts
// holds its variables and checks); null: no provider, lexical retrieval only.
import { appConfig } from '../config';

export type { EmbeddingsConfig } from '../config/embeddings';

export const embeddingsConfig = () => appConfig().embeddings;
