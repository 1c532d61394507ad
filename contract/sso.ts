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
