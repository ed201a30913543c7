// Column headers of the .xlsx report in English and Portuguese. Sheet names
// stay as the spec names them in both languages.
import type { LANGUAGES } from './contract';

export type Language = (typeof LANGUAGES)[number];

export const SHEET_NAMES = { credits: 'Credits Resume', tokens: 'Tokens Resume', threads: 'Threads' } as const;

export const CREDIT_COLUMNS = ['date', 'workspace_credits', 'smartpage_credits', 'api_credits', 'total_credits'] as const;
export const TOKEN_COLUMNS = ['date', 'processed_tokens', 'api_requests'] as const;
/** An interaction's token counts and rating, named as in the interactions table (bench/reports writes them too). */
export const TOKEN_AND_RATING_COLUMNS = [
  'prompt_tokens',
  'completion_tokens',
  'total_tokens',
  'total_tokens_with_fee',
  'evaluation',
  'feedback',
  'feedback_options',
] as const;
export const THREAD_COLUMNS = [
  'conversation_id',
  'conversation_identifier',
  'identifier',
  'created_at',
  'interaction_type',
  'question',
  'content',
  'datamodel',
  'dataset',
  'generative_model',
  'preset',
  'project_name',
  'user_name',
  'user_email',
  ...TOKEN_AND_RATING_COLUMNS,
] as const;

type Column = (typeof CREDIT_COLUMNS)[number] | (typeof TOKEN_COLUMNS)[number] | (typeof THREAD_COLUMNS)[number];

const HEADERS: Record<Language, Record<Column, string>> = {
  en: {
    date: 'Date',
    workspace_credits: 'Workspace credits',
    smartpage_credits: 'Smartpage credits',
    api_credits: 'API credits',
    total_credits: 'Total credits',
    processed_tokens: 'Processed tokens',
    api_requests: 'API requests',
    conversation_id: 'Conversation ID',
    conversation_identifier: 'Conversation identifier',
    identifier: 'Interaction ID',
    created_at: 'Created at',
    interaction_type: 'Interaction type',
    question: 'Question',
    content: 'Answer',
    datamodel: 'Datamodel',
    dataset: 'Dataset',
    generative_model: 'Generative model',
    preset: 'Preset',
    project_name: 'Project',
    user_name: 'User name',
    user_email: 'User e-mail',
    prompt_tokens: 'Prompt tokens',
    completion_tokens: 'Completion tokens',
    total_tokens: 'Total tokens',
    total_tokens_with_fee: 'Credits',
    evaluation: 'Evaluation',
    feedback: 'Feedback',
    feedback_options: 'Feedback options',
  },
  pt: {
    date: 'Data',
    workspace_credits: 'Créditos do workspace',
    smartpage_credits: 'Créditos da smartpage',
    api_credits: 'Créditos da API',
    total_credits: 'Total de créditos',
    processed_tokens: 'Tokens processados',
    api_requests: 'Requisições à API',
    conversation_id: 'ID da conversa',
    conversation_identifier: 'Identificador da conversa',
    identifier: 'ID da interação',
    created_at: 'Criado em',
    interaction_type: 'Tipo de interação',
    question: 'Pergunta',
    content: 'Resposta',
    datamodel: 'Datamodel',
    dataset: 'Dataset',
    generative_model: 'Modelo generativo',
    preset: 'Preset',
    project_name: 'Projeto',
    user_name: 'Nome do usuário',
    user_email: 'E-mail do usuário',
    prompt_tokens: 'Tokens do prompt',
    completion_tokens: 'Tokens da resposta',
    total_tokens: 'Total de tokens',
    total_tokens_with_fee: 'Créditos',
    evaluation: 'Avaliação',
    feedback: 'Feedback',
    feedback_options: 'Opções de feedback',
  },
};

export function headersFor(language: Language, columns: readonly Column[]): string[] {
  return columns.map((column) => HEADERS[language][column]);
}
