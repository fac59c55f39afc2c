import { Type } from '@sinclair/typebox';

/** An `ErrorResponse` (src/shared/api-error.ts), its code one of ERROR_STATUS's. */
export const ErrorResponse = Type.Object({ error: Type.String(), code: Type.String() });
