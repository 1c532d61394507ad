import { z } from 'zod';

export const envelopeHeaderSchema = z.object({
  responseCode: z.string(),
  responseDesc: z.string(),
});

export function envelopeSchema<T extends z.ZodType>(body: T) {
  return z.object({ header: envelopeHeaderSchema, responseJSON: body });
}

/** An error envelope: responseJSON is null. */
export const errorEnvelopeSchema = envelopeSchema(z.null());
