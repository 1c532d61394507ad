import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Xmldom from '@xmldom/xmldom';
import { ConfigError, type Config } from '../config.ts';

const MD_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** What single sign-on needs to know: the identity provider and this service (the SP). */
export interface SamlSettings {
  idpEntityId: string;
  /** The IdP's SSO address for the HTTP-Redirect binding. */
  idpSsoUrl: string;
  /** The IdP's signing certificates, PEM. */
  idpCerts: string[];
  spEntityId: string;
  /** This service's assertion consumer address (POST /api/session as the browser reaches it). */
  acsUrl: string;
}

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  certs: string[];
}

/** A certificate as PEM, from PEM or bare base64; throws when it is not an X.509 certificate. */
export function toPem(cert: string): string {
  const body = cert
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\\n/g, '')
    .replace(/\s+/g, '');
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
  new X509Certificate(pem);
  return pem;
}

/**
 * The XML parser loads only where single sign-on is configured, like node-saml (server/routes/saml.ts): a
 * server without it never needs the 0.6 MB of heap it takes.
 */
const xmldom = () => createRequire(import.meta.url)('@xmldom/xmldom') as typeof Xmldom;

/** Reads an IdP's SAML 2.0 metadata document: entity id, HTTP-Redirect SSO address, signing certificates. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const { DOMParser } = xmldom();
  const errors: string[] = [];
  const doc = new DOMParser({
    errorHandler: { error: (m: string) => errors.push(m), fatalError: (m: string) => errors.push(m) },
  }).parseFromString(xml, 'text/xml');
  if (errors.length > 0 || !doc?.documentElement) throw new Error(`not well-formed XML (${errors[0] ?? 'empty'})`);
  const descriptors = Array.from(doc.getElementsByTagNameNS(MD_NS, 'EntityDescriptor'));
  const entity = descriptors.find((d) => d.getElementsByTagNameNS(MD_NS, 'IDPSSODescriptor').length > 0);
  if (!entity) throw new Error('no EntityDescriptor with an IDPSSODescriptor');
  const entityId = entity.getAttribute('entityID');
  if (!entityId) throw new Error('the EntityDescriptor has no entityID');
  const idp = entity.getElementsByTagNameNS(MD_NS, 'IDPSSODescriptor')[0]!;
  const sso = Array.from(idp.getElementsByTagNameNS(MD_NS, 'SingleSignOnService')).find(
    (s) => s.getAttribute('Binding') === REDIRECT_BINDING,
  );
  const ssoUrl = sso?.getAttribute('Location');
  if (!ssoUrl) throw new Error('no SingleSignOnService with the HTTP-Redirect binding');
  const certs = Array.from(idp.getElementsByTagNameNS(MD_NS, 'KeyDescriptor'))
    .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS_NS, 'X509Certificate')))
    .map((c) => toPem(c.textContent ?? ''));
  if (certs.length === 0) throw new Error('no signing certificate (KeyDescriptor use="signing")');
  return { entityId, ssoUrl, certs };
}

const SAML_VARIABLES = [
  'SAML_IDP_METADATA_FILE',
  'SAML_IDP_ENTITY_ID',
  'SAML_IDP_SSO_URL',
  'SAML_IDP_CERT',
  'SAML_SP_ENTITY_ID',
  'SAML_ACS_URL',
] as const;

/** Whether SSO is on: any SAML variable set (a half configuration never starts, see loadSamlSettings). */
export function isSsoConfigured(config: Config): boolean {
  return SAML_VARIABLES.some((name) => !!config[name]);
}

/**
 * SSO settings from the configuration, or null when SSO is not configured at all. Half a configuration
 * stops the start with one line naming what is missing, rather than a login button that cannot work.
 */
export function loadSamlSettings(config: Config): SamlSettings | null {
  if (!isSsoConfigured(config)) return null;
  const file = config.SAML_IDP_METADATA_FILE || undefined;
  const named = {
    SAML_IDP_METADATA_FILE: file,
    SAML_IDP_ENTITY_ID: config.SAML_IDP_ENTITY_ID || undefined,
    SAML_IDP_SSO_URL: config.SAML_IDP_SSO_URL || undefined,
    SAML_IDP_CERT: config.SAML_IDP_CERT || undefined,
    SAML_SP_ENTITY_ID: config.SAML_SP_ENTITY_ID || undefined,
    SAML_ACS_URL: config.SAML_ACS_URL || undefined,
  };
  let metadata: IdpMetadata | null = null;
  if (file) {
    try {
      metadata = parseIdpMetadata(readFileSync(file, 'utf8'));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConfigError(`Invalid configuration: SAML_IDP_METADATA_FILE=${JSON.stringify(file)} ${reason}`);
    }
  }
  let certs = metadata?.certs ?? [];
  if (named.SAML_IDP_CERT) {
    try {
      certs = [toPem(named.SAML_IDP_CERT)];
    } catch {
      throw new ConfigError('Invalid configuration: SAML_IDP_CERT is not a PEM or base64 X.509 certificate');
    }
  }
  const settings = {
    idpEntityId: named.SAML_IDP_ENTITY_ID ?? metadata?.entityId,
    idpSsoUrl: named.SAML_IDP_SSO_URL ?? metadata?.ssoUrl,
    idpCerts: certs,
    spEntityId: named.SAML_SP_ENTITY_ID,
    acsUrl: named.SAML_ACS_URL,
  };
  const missing = [
    !settings.idpEntityId && 'SAML_IDP_ENTITY_ID',
    !settings.idpSsoUrl && 'SAML_IDP_SSO_URL',
    settings.idpCerts.length === 0 && 'SAML_IDP_CERT',
    !settings.spEntityId && 'SAML_SP_ENTITY_ID',
    !settings.acsUrl && 'SAML_ACS_URL',
  ].filter((v): v is string => typeof v === 'string');
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: single sign-on is half configured, missing ${missing.join(', ')}` +
        (file ? '' : ' (or SAML_IDP_METADATA_FILE for the identity provider)'),
    );
  }
  return settings as SamlSettings;
}
