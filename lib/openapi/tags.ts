// The document's groups, in the order the reference page shows them, each
// with the paths it holds: an operation goes to the first group whose paths
// match its pattern, and to Service when none does. One row a group, so a
// group's name, description and paths cannot drift apart.
const GROUPS = [
  { name: 'Search', description: 'Questions, answers and conversations', paths: /^\/searcher\/v1\/(search|deepsearch|conversations)(\/|$)/ },
  { name: 'Knowledge', description: 'Datasets, subjects, contents and passages', paths: /^\/searcher\/v1\/(datasets|subjects|contents)(\/|$)/ },
  { name: 'Import', description: 'Uploads by URL or file, and their progress', paths: /^\/searcher\/v1\/(upload|uploads)(\/|$)/ },
  { name: 'Models', description: 'Generative models, presets and datamodels', paths: /^\/searcher\/v1\/(generative_models|presets|datamodels)(\/|$)/ },
  { name: 'Review', description: 'The review queue and curated answers', paths: /^\/searcher\/v1\/(review|curated_answers)(\/|$)/ },
  { name: 'Evaluation', description: 'Evaluation sets and their runs (retrieval quality)', paths: /^\/searcher\/v1\/evaluation_sets(\/|$)/ },
  { name: 'Assessments', description: 'Ratings of answers', paths: /^\/api\/v1\/assessments$/ },
  { name: 'Reports', description: 'Usage, credits, tokens and threads', paths: /^\/api\/v1\/(overview|credits_resume|token_resume|threads|report_download)$/ },
  { name: 'Smartpages', description: 'Publishing smartpages (management)', paths: /^\/api\/v1\/smartpages(\/|$)/ },
  { name: 'Public smartpages', description: 'What a published page calls: no credentials, rate limited', paths: /^\/api\/smartpages\// },
  { name: 'Access', description: 'Sign-in tokens, API keys and project tokens', paths: /^\/api\/v1\/(auth|me|api_keys|project_tokens)(\/|$)/ },
  { name: 'Service', description: 'Health and this document' },
] as const;

export type TagName = (typeof GROUPS)[number]['name'];

/** The groups as the document lists them: name and description. */
export const TAGS = GROUPS.map(({ name, description }) => ({ name, description }));

export function tagOf(pattern: string): TagName {
  return GROUPS.find((group) => 'paths' in group && group.paths.test(pattern))?.name ?? 'Service';
}
