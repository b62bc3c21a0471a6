// The keys of a WeChat Pay world made up for one test run: the merchant's API key and certificate (what 商户平台
// issues), the platform's signing key and certificate (what GET /v3/certificates serves), the platform's other
// signing key whose public half is the 微信支付公钥 (downloaded from 商户平台 as pub_key.pem, named PUB_KEY_ID_…),
// and an APIv3 key. The RSA
// keys come from node's crypto; openssl only wraps each public key in a self-signed X.509 certificate, which node
// cannot write. Nothing here is kept: the private key file lives in a temporary folder.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Party {
  privateKey: crypto.KeyObject;
  certificate: crypto.X509Certificate;
  /** The certificate's serial number, as v3 names it (hex, upper case). */
  serial: string;
}

/** What signs an answer or a notification, and the name `Wechatpay-Serial` gives it. */
export interface Signer {
  privateKey: crypto.KeyObject;
  serial: string;
}

export interface PublicKeyParty extends Signer {
  /** `PUB_KEY_ID_` and digits, as 商户平台 shows the key's ID. */
  serial: string;
  publicKey: crypto.KeyObject;
  /** Where pub_key.pem is written, as WECHATPAY_PUBLIC_KEY_FILE reads it. */
  file: string;
}

export interface TestKeys {
  merchant: Party;
  /** Where the merchant's private key is written, as WECHATPAY_PRIVATE_KEY_FILE reads it. */
  merchantKeyFile: string;
  platform: Party;
  publicKey: PublicKeyParty;
  apiV3Key: string;
  mchId: string;
  appId: string;
}

function party(dir: string, name: string): Party {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyFile = path.join(dir, `${name}_key.pem`);
  fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  // A positive number whose first byte is not zero, so the certificate's serial reads back as written.
  const serial = crypto
    .randomBytes(20)
    .toString('hex')
    .toUpperCase()
    .replace(/^[089A-F]/, '1');
  const pem = execFileSync('openssl', [
    'req',
    '-new',
    '-x509',
    '-key',
    keyFile,
    '-subj',
    `/CN=${name}/O=Ride Console test`,
    '-days',
    '2',
    '-set_serial',
    `0x${serial}`,
  ]);
  return { privateKey, certificate: new crypto.X509Certificate(pem), serial };
}

function publicKeyParty(dir: string): PublicKeyParty {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const file = path.join(dir, 'pub_key.pem');
  fs.writeFileSync(file, publicKey.export({ type: 'spki', format: 'pem' }));
  const digits = Array.from(crypto.randomBytes(32), (byte) => byte % 10).join('');
  return { privateKey, publicKey, file, serial: `PUB_KEY_ID_${digits}` };
}

let made: TestKeys | undefined;

/** The run's keys, made on first use (three RSA keys, a fraction of a second). */
export function testKeys(): TestKeys {
  if (made) return made;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-keys-'));
  const merchant = party(dir, 'apiclient');
  const platform = party(dir, 'wechatpay');
  made = {
    merchant,
    merchantKeyFile: path.join(dir, 'apiclient_key.pem'),
    platform,
    publicKey: publicKeyParty(dir),
    apiV3Key: crypto.randomBytes(16).toString('hex'),
    mchId: '1900000109',
    appId: 'wx0000000000test',
  };
  return made;
}
