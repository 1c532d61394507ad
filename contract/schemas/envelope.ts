import { z } from 'zod';

export const envelopeHeaderSchema = z.object({
  responseCode: z.string(),
  responseDesc: z.string(),
});

export function envelopeSchema<T extends z.ZodType>(body: T) {
  return z.object({ header: envelopeHeaderSchema, responseJSON: body });
}

/**
 * The body of a call refused because the grant to act for the profile was withdrawn (header 4110): the
 * profile, so the notice names it as the user knew it when nothing of it is left in memory
 * (docs/decisions/0029). Here, as any guarded call may answer it.
 */
export const proxyWithdrawnSchema = z.object({ ptibProfileID: z.string(), PTIBName: z.string() });
export type ProxyWithdrawn = z.infer<typeof proxyWithdrawnSchema>;

/** An error envelope: responseJSON is null, or a withdrawn grant's profile. */
export const errorEnvelopeSchema = envelopeSchema(z.union([z.null(), proxyWithdrawnSchema]));
