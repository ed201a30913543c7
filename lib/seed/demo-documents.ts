// Short documents about the product itself, so the demo can answer questions
// before anything is imported.
export const DEMO_DOCUMENTS = [
  {
    name: 'Importing documents',
    source: 'https://docs.example.com/import',
    paragraphs: [
      'To import documents, send POST /searcher/v1/upload with a name and a list of uploads. Each upload names the dataset, the URL of the file and optionally a subject, a content name and a source link.',
      'Imports run in the background. PDF, DOCX, HTML, Markdown, plain text and CSV or XLSX question and answer lists are supported. Progress of each file can be read with GET /searcher/v1/upload/{id}.',
    ],
  },
  {
    name: 'Asking questions',
    source: 'https://docs.example.com/search',
    paragraphs: [
      'Ask a question with POST /searcher/v1/search, naming a dataset or a datamodel. The answer lists the matching passages with a score between 0 and 1, and a generated answer with the tokens it used.',
      'Send back the conversation value of an earlier answer to ask a follow-up question in the same thread. The service keeps the context of the thread itself.',
    ],
  },
  {
    name: 'Credits and usage reports',
    source: 'https://docs.example.com/usage',
    paragraphs: [
      'Credits are tokens multiplied by the fee of the generative model for the kind of interaction. Credits are the billing unit; the plan sets a monthly credit limit and add-ons extend it.',
      'Organisation owners and admins can read the overview, the credit and token reports, the conversation threads and download everything as an Excel spreadsheet. Editors can read the credit report only.',
    ],
  },
];
