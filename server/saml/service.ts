import { SAML, SamlStatusError, ValidateInResponseTo, type Profile, type SamlConfig } from '@node-saml/node-saml';
import { SSO } from '#contract/index.ts';
import type { Database } from '../db/database.ts';
import { DbRequestIdStore } from './request-store.ts';
import type { SamlSettings } from './settings.ts';

/** Why an identity provider's answer was refused; each has its own message in SSO_MESSAGES. */
export type SamlRejection =
  | 'malformed'
  | 'badSignature'
  | 'wrongAudience'
  | 'expired'
  | 'unsolicited'
  | 'otherBrowser'
  | 'replayed'
  | 'idpRefused'
  | 'rejected';

export class SamlError extends Error {
  readonly kind: SamlRejection;
  constructor(kind: SamlRejection, detail: string) {
    super(detail);
    this.kind = kind;
  }
}

/** Who the identity provider signed in. */
export interface SamlIdentity {
  nameId: string;
  issuer: string;
  assertionId: string;
}

const UNSPECIFIED_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';

/** node-saml says what went wrong only in its messages: sort them into our kinds. */
function classify(error: unknown): SamlRejection {
  if (error instanceof SamlStatusError) return 'idpRefused';
  const message = error instanceof Error ? error.message : String(error);
  if (/signature/i.test(message)) return 'badSignature';
  if (/audience/i.test(message)) return 'wrongAudience';
  // Subject confirmations are checked only for their time window, so none valid means none in time.
  if (/expired|not yet valid|too old|No valid subject confirmation/i.test(message)) return 'expired';
  if (/InResponseTo/i.test(message)) return 'unsolicited';
  if (/not a valid xml|xml|parse|Unknown SAML response|Missing SAML assertion/i.test(message)) return 'malformed';
  return 'rejected';
}

interface AssertionXml {
  Assertion?: { $?: { ID?: string }; Conditions?: Array<{ $?: { NotOnOrAfter?: string } }> };
}

/**
 * SAML 2.0 single sign-on as a service provider, with node-saml doing the XML and signature work:
 * AuthnRequests by the redirect binding, answers by POST. Request ids and accepted assertion ids live in
 * the database, so any server process can take the answer, and each is good once.
 */
export class SamlService {
  readonly settings: SamlSettings;
  readonly #db: Database;
  readonly #now: () => Date;
  readonly #options: Omit<SamlConfig, 'cacheProvider'>;

  constructor(settings: SamlSettings, db: Database, now: () => Date) {
    this.settings = settings;
    this.#db = db;
    this.#now = now;
    this.#options = {
      entryPoint: settings.idpSsoUrl,
      issuer: settings.spEntityId,
      callbackUrl: settings.acsUrl,
      audience: settings.spEntityId,
      idpCert: settings.idpCerts,
      idpIssuer: settings.idpEntityId,
      identifierFormat: UNSPECIFIED_NAME_ID,
      // The identity provider decides how the user proves who they are (its own second factor included).
      disableRequestedAuthnContext: true,
      wantAssertionsSigned: true,
      // Many identity providers sign the assertion only; the assertion's signature is what counts.
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SSO.REQUEST_TTL_MS,
      acceptedClockSkewMs: SSO.CLOCK_SKEW_MS,
      signatureAlgorithm: 'sha256',
    };
  }

  /**
   * node-saml for one browser: its request-id store is that browser's (docs/decisions/0030). A SAML
   * object is cheap to make; only its options are checked.
   */
  #forBrowser(bindingHash: string | null): { saml: SAML; store: DbRequestIdStore } {
    const store = new DbRequestIdStore(this.#db, this.#now, SSO.REQUEST_TTL_MS, bindingHash);
    return { saml: new SAML({ ...this.#options, cacheProvider: store }), store };
  }

  /**
   * Where to send the browser: the IdP's SSO address with a fresh AuthnRequest, whose id is stored with
   * the hash of this browser's binding secret.
   */
  authorizeUrl(bindingHash: string): Promise<string> {
    return this.#forBrowser(bindingHash).saml.getAuthorizeUrlAsync('', undefined, {});
  }

  /**
   * Validates an answer posted to the assertion consumer: signature, audience, time window, InResponseTo
   * one of our live request ids started in this browser (consumed), the issuer, and an assertion id never
   * accepted before. `bindingHash` is the hash of the browser's binding cookie, null without one.
   */
  async validate(samlResponse: string, bindingHash: string | null): Promise<SamlIdentity> {
    if (!/^[A-Za-z0-9+/=\s]+$/.test(samlResponse)) throw new SamlError('malformed', 'SAMLResponse is not base64');
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    if (!/<([A-Za-z0-9_-]+:)?Response[\s>]/.test(xml)) throw new SamlError('malformed', 'no SAML Response element');

    const { saml, store } = this.#forBrowser(bindingHash);
    let profile: Profile | null;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (error) {
      const kind = classify(error);
      const detail = error instanceof Error ? error.message : String(error);
      // A live request of another browser: the answer may be genuine, but it is posted here (login CSRF).
      throw new SamlError(kind === 'unsolicited' && store.otherBrowser ? 'otherBrowser' : kind, detail);
    }
    if (!profile) throw new SamlError('rejected', 'the answer holds no assertion');
    if (profile.issuer !== this.settings.idpEntityId) {
      throw new SamlError('rejected', `unknown issuer ${JSON.stringify(profile.issuer ?? null)}`);
    }
    const nameId = typeof profile.nameID === 'string' ? profile.nameID.trim() : '';
    if (!nameId) throw new SamlError('rejected', 'the assertion has no NameID');

    const assertion = (profile.getAssertion?.() ?? {}) as AssertionXml;
    const assertionId = assertion.Assertion?.$?.ID;
    if (!assertionId) throw new SamlError('rejected', 'the assertion has no ID');
    await this.#acceptOnce(assertionId, assertion.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter);
    return { nameId, issuer: profile.issuer, assertionId };
  }

  /** Records the assertion id; a second use of one, on any process, is a replay. */
  async #acceptOnce(assertionId: string, notOnOrAfter: string | undefined): Promise<void> {
    const now = this.#now();
    // Kept at least as long as the assertion or its request could still be accepted.
    const until = Math.max(notOnOrAfter ? Date.parse(notOnOrAfter) || 0 : 0, now.getTime() + SSO.REQUEST_TTL_MS);
    await this.#db.query('DELETE FROM saml_assertions WHERE expires_at <= $1', [now]);
    const { rowCount } = await this.#db.query(
      'INSERT INTO saml_assertions (id, accepted_at, expires_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
      [assertionId, now, new Date(until + SSO.CLOCK_SKEW_MS)],
    );
    if (rowCount === 0) throw new SamlError('replayed', `assertion ${assertionId} was already used`);
  }
}
