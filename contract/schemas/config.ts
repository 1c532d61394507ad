import { z } from 'zod';

/** GET /api/config: public facts of this deployment. */
export const linkOverridesSchema = z.object({
  faqs: z.string().nullable(),
  contactUs: z.string().nullable(),
  usefulLinks: z.string().nullable(),
  privacyStatement: z.string().nullable(),
  termsAndConditions: z.string().nullable(),
  termsOfUse: z.string().nullable(),
  reportVulnerability: z.string().nullable(),
  rate: z.string().nullable(),
});
export const publicConfigSchema = z.object({
  contactPhone: z.string(),
  processEngineBase: z.string(),
  sessionMaxHours: z.number(),
  links: linkOverridesSchema,
  /** SAML single sign-on is configured: the login screen offers it. */
  ssoEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
