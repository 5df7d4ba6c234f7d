/**
 * The largest knowledge file the app uploads, in MB (1 MB = 1024 × 1024 bytes). A bigger file is refused in
 * the browser before any byte is sent; the mock backend refuses the same files, and its HTTP server's body
 * limit (mocks/http.ts, 25 MB) leaves room for the multipart framing around the largest one.
 */
export const KNOWLEDGE_FILE_MAX_MB = 20;
export const KNOWLEDGE_FILE_MAX_BYTES = KNOWLEDGE_FILE_MAX_MB * 1024 * 1024;
