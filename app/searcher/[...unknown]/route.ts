import { unknownPath } from '@/lib/http/unsupported';

// Any path no other route handles: 404 {detail} instead of the HTML page.
export const { GET, POST, PUT, PATCH, DELETE } = unknownPath();
