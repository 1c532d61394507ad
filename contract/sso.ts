/** SAML single sign-on: rules of our own, beyond the specification (which names only its two calls). */

export const SSO = {
  /** An AuthnRequest id is good for an answer this long after it was issued, and once. */
  REQUEST_TTL_MS: 10 * 60_000,
  /** Allowance for the identity provider's clock in the assertion's time window. */
  CLOCK_SKEW_MS: 60_000,
  /**
   * A hand-over code (#/access-initial?auth=) is good this long after the identity provider's answer,
   * and once: long enough for the redirect and a question, short enough that a copied link is useless
   * (docs/decisions/0030).
   */
  HANDOVER_TTL_MS: 60_000,
} as const;

/** Header responseCode values of the single sign-on calls. */
export const SSO_RESPONSE_CODE = {
  /** SSO is not configured on this deployment. */
  NOT_CONFIGURED: '4401',
  /** The SAML answer is malformed (not base64 XML of a SAML Response). */
  MALFORMED: '4402',
  /** Signature, audience, time window, InResponseTo or replay check failed. */
  REJECTED: '4403',
  /** The identity provider's user has no PTIB account here. */
  UNKNOWN_USER: '4404',
} as const;

/**
 * SAML single sign-on answers (our wording). Here, not in messages.ts, which the first load needs: only
 * the server and the lazily loaded sign-in screens use them (docs/decisions/0038).
 */
export const SSO_MESSAGES = {
  notConfigured: 'Single sign-on is not available on this service.',
  malformed: 'The sign-in answer from the identity provider is not a valid SAML response.',
  badSignature: 'The sign-in answer from the identity provider has no valid signature.',
  wrongAudience: 'The sign-in answer from the identity provider is meant for another service.',
  expired: 'The sign-in answer from the identity provider has expired or is not yet valid. Please sign in again.',
  unsolicited:
    'The sign-in answer from the identity provider does not answer a sign-in started here, or it was already used. Please sign in again.',
  replayed: 'This sign-in answer was already used. Please sign in again.',
  idpRefused: 'The identity provider did not sign you in.',
  rejected: 'The sign-in answer from the identity provider could not be accepted. Please sign in again.',
  unknownUser: 'No PTIB account matches the user the identity provider signed in.',
  otherBrowser:
    'This sign-in answer is for a sign-in started in another browser, so it cannot be used here. Please sign in again.',
  handoverInvalid: 'This sign-in link has expired or was already used. Please sign in again.',
} as const;
