/**
 * An answer that is a file's bytes rather than JSON (a zip, an attachment). Fastify sends the
 * stream as it is; the schema is there for the OpenAPI document.
 */
export function fileAnswer(description: string, contentType = 'application/octet-stream') {
  return {
    description,
    content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
  };
}
