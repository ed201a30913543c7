// The document's groups: by path, in the order the reference page shows them.
export const TAGS = [
  { name: 'Search', description: 'Questions, answers and conversations' },
  { name: 'Knowledge', description: 'Datasets, subjects, contents and passages' },
  { name: 'Import', description: 'Uploads by URL or file, and their progress' },
  { name: 'Models', description: 'Generative models, presets and datamodels' },
  { name: 'Review', description: 'The review queue and curated answers' },
  { name: 'Evaluation', description: 'Evaluation sets and their runs (retrieval quality)' },
  { name: 'Assessments', description: 'Ratings of answers' },
  { name: 'Reports', description: 'Usage, credits, tokens and threads' },
  { name: 'Smartpages', description: 'Publishing smartpages (management)' },
  { name: 'Public smartpages', description: 'What a published page calls: no credentials, rate limited' },
  { name: 'Access', description: 'Sign-in tokens, API keys and project tokens' },
  { name: 'Service', description: 'Health and this document' },
] as const;

export type TagName = (typeof TAGS)[number]['name'];

const RULES: [RegExp, TagName][] = [
  [/^\/searcher\/v1\/(search|deepsearch|conversations)(\/|$)/, 'Search'],
  [/^\/searcher\/v1\/(datasets|subjects|contents)(\/|$)/, 'Knowledge'],
  [/^\/searcher\/v1\/(upload|uploads)(\/|$)/, 'Import'],
  [/^\/searcher\/v1\/(generative_models|presets|datamodels)(\/|$)/, 'Models'],
  [/^\/searcher\/v1\/(review|curated_answers)(\/|$)/, 'Review'],
  [/^\/searcher\/v1\/evaluation_sets(\/|$)/, 'Evaluation'],
  [/^\/api\/v1\/assessments$/, 'Assessments'],
  [/^\/api\/v1\/(overview|credits_resume|token_resume|threads|report_download)$/, 'Reports'],
  [/^\/api\/v1\/smartpages(\/|$)/, 'Smartpages'],
  [/^\/api\/smartpages\//, 'Public smartpages'],
  [/^\/api\/v1\/(auth|me|api_keys|project_tokens)(\/|$)/, 'Access'],
];

export function tagOf(pattern: string): TagName {
  return RULES.find(([rule]) => rule.test(pattern))?.[1] ?? 'Service';
}
