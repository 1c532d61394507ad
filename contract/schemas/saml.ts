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

/** A hand-over code: 256 random bits, base64url (docs/decisions/0030). */
export const handoverRequestSchema = z.object({
  code: z.string({ error: 'code is required' }).regex(/^[A-Za-z0-9_-]{43}$/, 'code is not a hand-over code'),
});
export type HandoverRequest = z.infer<typeof handoverRequestSchema>;

/** POST /api/session/handover → envelope: who the code would sign in (to ask before replacing a session). */
export const handoverPeekResponseSchema = z.object({ loginName: z.string(), name: z.string() });
export type HandoverPeekResponse = z.infer<typeof handoverPeekResponseSchema>;

/** POST /api/session/exchange → envelope { token }: the new session's token; the code is used up. */
export const handoverExchangeResponseSchema = z.object({ token: z.string() });
export type HandoverExchangeResponse = z.infer<typeof handoverExchangeResponseSchema>;
