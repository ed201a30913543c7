// The longest text a content may be given at once (characters, after
// trimming): the API refuses more before parsing (contract.ts), and the
// editors say so before sending. Its own module so pages can import it
// without the request contracts.
export const MAX_CONTENT_TEXT = 200_000;
