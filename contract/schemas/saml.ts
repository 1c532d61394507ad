import { z } from 'zod';

/** POST /api/saml/initial → envelope { redirectUrl }: the identity provider's address with the AuthnRequest. */
export const samlInitialResponseSchema = z.object({ redirectUrl: z.url() });
export type SamlInitialResponse = z.infer<typeof samlInitialResponseSchema>;

/** Big enough for any real SAML response, small enough that a flood of them stays cheap. */
export const MAX_SAML_RESPONSE_CHARS = 400_000;

/** POST /api/session: the identity provider's auto-posting form (application/x-www-form-urlencoded). */
export const samlAssertionFormSchema = z.object({
  SAMLResponse: z
    .string({ error: 'SAMLResponse is required' })
    .min(1, 'SAMLResponse is required')
    .max(MAX_SAML_RESPONSE_CHARS, 'SAMLResponse is too long'),
  RelayState: z.string().max(2_000, 'RelayState is too long').optional(),
});
