import { Type } from '@sinclair/typebox';

/** A 204 answer: done, nothing to say. Declared so the OpenAPI document says so too. */
export const NoContent = Type.Null({ description: 'Done; no body' });
