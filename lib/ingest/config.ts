// The import's part of the configuration (lib/config/import.ts holds its
// variables, defaults and checks; docs/import.md lists them).
import { appConfig } from '../config';

export type { ImportConfig, UploadLimits } from '../config/import';

export const importConfig = () => appConfig().import;
