import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { freePort } from '../scripts/lib/server-process.ts';

/**
 * Debian's simplesamlphp (1.19) as a SAML 2.0 identity provider nobody here wrote, for the browser test of
 * single sign-on: a configuration made for the run (its own key and self-signed certificate, an
 * exampleauth static user source, our service as its one SP) served by PHP's built-in server on a free
 * loopback port. Debian installs it at /usr/share/simplesamlphp; SIMPLESAMLPHP_CONFIG_DIR points it at
 * the run's configuration instead of /etc/simplesamlphp.
 */
export const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';

export interface SimpleSamlPhpIdp {
  baseUrl: string;
  entityId: string;
  /** Its SAML 2.0 metadata, as its own metadata page serves it. */
  metadataUrl: string;
  /** IdP-initiated sign-in for our SP: an answer to no request of ours (unsolicited). */
  idpInitiatedUrl: string;
  stop(): Promise<void>;
}

export interface IdpUser {
  loginName: string;
  password: string;
}

/** Whether the php command runs at all. */
export function phpInstalled(): boolean {
  const php = spawnSync('php', ['--version'], { encoding: 'utf8' });
  return !php.error && php.status === 0;
}

/** What else the IdP lacks here (each is a Debian package .ci/run installs), or null when it can run. */
export function simpleSamlPhpMissing(): string | null {
  if (!phpInstalled()) return 'php (Debian package php-cli) is not installed';
  if (spawnSync('php', ['-r', 'exit(class_exists("DOMDocument") ? 0 : 1);']).status !== 0) {
    return "PHP's DOM extension (Debian package php-xml) is not installed";
  }
  if (!existsSync(path.join(SIMPLESAMLPHP_WWW, 'saml2/idp/SSOService.php'))) {
    return `simplesamlphp is not installed (${SIMPLESAMLPHP_WWW})`;
  }
  return null;
}

/** PHP single-quoted string literal. */
const php = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export async function startSimpleSamlPhp(options: {
  spEntityId: string;
  acsUrl: string;
  users: IdpUser[];
}): Promise<SimpleSamlPhpIdp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const entityId = `${baseUrl}/saml2/idp/metadata.php`;
  const dir = mkdtempSync(path.join(tmpdir(), 'ptib-simplesamlphp-'));
  for (const sub of ['config', 'metadata', 'cert', 'log', 'data', 'tmp', 'sessions']) mkdirSync(path.join(dir, sub));
  const pems = await generate([{ name: 'commonName', value: 'simplesamlphp test IdP' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 86_400_000),
    notAfterDate: new Date(Date.now() + 30 * 86_400_000),
  });
  writeFileSync(path.join(dir, 'cert/idp.key'), pems.private, { mode: 0o600 });
  writeFileSync(path.join(dir, 'cert/idp.crt'), pems.cert);

  const secret = () => randomBytes(24).toString('hex');
  writeFileSync(
    path.join(dir, 'config/config.php'),
    `<?php
$config = [
    'baseurlpath' => ${php(`${baseUrl}/`)},
    'certdir' => ${php(`${dir}/cert/`)},
    'loggingdir' => ${php(`${dir}/log/`)},
    'datadir' => ${php(`${dir}/data/`)},
    'tempdir' => ${php(`${dir}/tmp/`)},
    'metadatadir' => ${php(`${dir}/metadata/`)},
    'technicalcontact_name' => 'Test',
    'technicalcontact_email' => 'na@example.org',
    'timezone' => 'UTC',
    'secretsalt' => ${php(secret())},
    'auth.adminpassword' => ${php(secret())},
    'admin.protectindexpage' => false,
    'admin.protectmetadata' => false,
    'logging.level' => SimpleSAML\\Logger::WARNING,
    'logging.handler' => 'errorlog',
    'enable.saml20-idp' => true,
    'module.enable' => ['exampleauth' => true, 'core' => true, 'saml' => true],
    'store.type' => 'phpsession',
    'session.phpsession.savepath' => ${php(`${dir}/sessions`)},
    'session.cookie.secure' => false,
    'metadata.sources' => [['type' => 'flatfile']],
    'language.default' => 'en',
];
`,
  );
  writeFileSync(
    path.join(dir, 'config/authsources.php'),
    `<?php
$config = [
    'admin' => ['core:AdminPassword'],
    'example-userpass' => [
        'exampleauth:UserPass',
${options.users.map((u) => `        ${php(`${u.loginName}:${u.password}`)} => ['uid' => [${php(u.loginName)}]],`).join('\n')}
    ],
];
`,
  );
  const unspecified = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
  writeFileSync(
    path.join(dir, 'metadata/saml20-idp-hosted.php'),
    `<?php
$metadata[${php(entityId)}] = [
    'host' => '__DEFAULT__',
    'privatekey' => 'idp.key',
    'certificate' => 'idp.crt',
    'auth' => 'example-userpass',
    'NameIDFormat' => ${php(unspecified)},
    'simplesaml.nameidattribute' => 'uid',
    'signature.algorithm' => 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
];
`,
  );
  writeFileSync(
    path.join(dir, 'metadata/saml20-sp-remote.php'),
    `<?php
$metadata[${php(options.spEntityId)}] = [
    'AssertionConsumerService' => [
        ['Binding' => 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', 'Location' => ${php(options.acsUrl)}],
    ],
    'NameIDFormat' => ${php(unspecified)},
    'simplesaml.nameidattribute' => 'uid',
    'saml20.sign.assertion' => true,
    'saml20.sign.response' => true,
];
`,
  );

  const logs: string[] = [];
  const child: ChildProcess = spawn(
    'php',
    [
      '-d',
      `session.save_path=${dir}/sessions`,
      '-d',
      'display_errors=stderr',
      '-S',
      `127.0.0.1:${port}`,
      '-t',
      SIMPLESAMLPHP_WWW,
    ],
    { env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: path.join(dir, 'config') }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (c: Buffer) => logs.push(c.toString()));
  child.stderr!.on('data', (c: Buffer) => logs.push(c.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const metadataUrl = `${baseUrl}/saml2/idp/metadata.php`;
  // Ready when its metadata page answers: PHP's server and the configuration both work.
  const deadline = performance.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`simplesamlphp (php -S) exited:\n${logs.join('')}`);
    }
    try {
      const res = await fetch(metadataUrl);
      if (res.ok) break;
      if (performance.now() > deadline) throw new Error(`metadata answered ${res.status}: ${await res.text()}`);
    } catch (error) {
      if (performance.now() > deadline) {
        await stop();
        throw new Error(`simplesamlphp did not answer: ${String(error)}\n${logs.join('')}`);
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    baseUrl,
    entityId,
    metadataUrl,
    idpInitiatedUrl: `${baseUrl}/saml2/idp/SSOService.php?spentityid=${encodeURIComponent(options.spEntityId)}`,
    stop,
  };
}
