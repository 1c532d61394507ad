import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/**
 * A test SAML identity provider: its own RSA key and self-signed certificate, made for the test run, and
 * signed Responses built the way a real IdP posts them. Each option breaks one rule so a test can see the
 * service refuse it.
 */
export interface TestIdp {
  entityId: string;
  ssoUrl: string;
  certPem: string;
  /** SAML 2.0 metadata of this IdP (entity id, redirect SSO address, signing certificate). */
  metadataXml(): string;
  /** Configuration overrides that point the service at this IdP. */
  env(sp: { spEntityId: string; acsUrl: string }): Record<string, string>;
  /** Reads the AuthnRequest the service put in a redirect-binding URL. */
  readAuthnRequest(redirectUrl: string): AuthnRequestInfo;
  /** A base64 SAMLResponse, as the IdP's auto-posting form sends it. */
  response(options: ResponseOptions): string;
}

export interface AuthnRequestInfo {
  id: string;
  issuer: string;
  acsUrl: string;
  destination: string;
}

export interface ResponseOptions {
  inResponseTo: string;
  nameId: string;
  audience: string;
  acsUrl: string;
  /** Default: now. The assertion is valid from issueInstant − 1 min to issueInstant + validForMs. */
  issueInstant?: Date;
  validForMs?: number;
  assertionId?: string;
  issuer?: string;
  /** Sign with another key than the one in the metadata. */
  signWith?: 'idp' | 'stranger';
  /** Change the NameID after signing (a tampered assertion). */
  tamperNameId?: string;
  /** Leave the assertion unsigned. */
  unsigned?: boolean;
}

const SIG_RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const DIGEST_SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const certBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

async function keyPair(cn: string): Promise<{ key: string; cert: string }> {
  const pems = await generate([{ name: 'commonName', value: cn }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 86_400_000),
    notAfterDate: new Date(Date.now() + 30 * 86_400_000),
  });
  return { key: pems.private, cert: pems.cert };
}

function signAssertion(xml: string, key: string, cert: string): string {
  const sig = new SignedXml({
    privateKey: key,
    publicCert: cert,
    signatureAlgorithm: SIG_RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  sig.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: [ENVELOPED, EXC_C14N],
    digestAlgorithm: DIGEST_SHA256,
  });
  sig.computeSignature(xml, {
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return sig.getSignedXml();
}

export async function createTestIdp(entityId = 'https://idp.test.example/saml'): Promise<TestIdp> {
  const idp = await keyPair('Test IdP');
  const stranger = await keyPair('Not the IdP');
  const ssoUrl = 'https://idp.test.example/sso';

  return {
    entityId,
    ssoUrl,
    certPem: idp.cert,
    metadataXml: () =>
      `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${esc(entityId)}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certBody(idp.cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${esc(ssoUrl)}/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${esc(ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`,
    env: ({ spEntityId, acsUrl }) => ({
      SAML_IDP_ENTITY_ID: entityId,
      SAML_IDP_SSO_URL: ssoUrl,
      SAML_IDP_CERT: idp.cert,
      SAML_SP_ENTITY_ID: spEntityId,
      SAML_ACS_URL: acsUrl,
    }),
    readAuthnRequest(redirectUrl) {
      const encoded = new URL(redirectUrl).searchParams.get('SAMLRequest');
      if (!encoded) throw new Error(`no SAMLRequest in ${redirectUrl}`);
      const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
      const doc = new DOMParser().parseFromString(xml, 'text/xml');
      const request = doc.documentElement!;
      const issuer = request.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0];
      return {
        id: request.getAttribute('ID') ?? '',
        issuer: issuer?.textContent ?? '',
        acsUrl: request.getAttribute('AssertionConsumerServiceURL') ?? '',
        destination: request.getAttribute('Destination') ?? '',
      };
    },
    response(o) {
      const instant = o.issueInstant ?? new Date();
      const notBefore = new Date(instant.getTime() - 60_000).toISOString();
      const notOnOrAfter = new Date(instant.getTime() + (o.validForMs ?? 5 * 60_000)).toISOString();
      const assertionId = o.assertionId ?? `_a${randomUUID().replace(/-/g, '')}`;
      const issuer = esc(o.issuer ?? entityId);
      const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${esc(assertionId)}" Version="2.0" IssueInstant="${instant.toISOString()}"><saml:Issuer>${issuer}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${esc(o.nameId)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${esc(o.inResponseTo)}" NotOnOrAfter="${notOnOrAfter}" Recipient="${esc(o.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${instant.toISOString()}" SessionIndex="_s${randomUUID().replace(/-/g, '')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement></saml:Assertion>`;
      const signer = o.signWith === 'stranger' ? stranger : idp;
      let signed = o.unsigned ? assertion : signAssertion(assertion, signer.key, signer.cert);
      if (o.tamperNameId !== undefined) {
        signed = signed.replace(`>${esc(o.nameId)}</saml:NameID>`, `>${esc(o.tamperNameId)}</saml:NameID>`);
      }
      const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID().replace(/-/g, '')}" Version="2.0" IssueInstant="${instant.toISOString()}" Destination="${esc(o.acsUrl)}" InResponseTo="${esc(o.inResponseTo)}"><saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${signed}</samlp:Response>`;
      return Buffer.from(response, 'utf8').toString('base64');
    },
  };
}
