import { z } from 'zod';

/**
 * The error body of every API call. `Message` is the text a person reads (the spec's clients
 * show "the server Message"); `code` is stable for programs.
 */
export const ZApiError = z.object({
  Message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
