import { type AuthenticationResponse, type RegistrationResponse } from '@parley/contracts';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey for tests (issue 36): an ES256 key pair on P-256 that answers WebAuthn ceremonies
 * the way a platform authenticator does (attestation "none", user present and verified, a counter that
 * moves by one each signature), so the server's real verification runs on real signatures.
 */
export class SoftwareAuthenticator {
  readonly credentialId = isoBase64URL.fromBuffer(randomBytes(32));
  counter = 0;
  /** The user handle the server asked to store (sent back on sign-in, as a discoverable credential does). */
  userHandle: string | undefined;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private authData(rpId: string, flags: number, attested?: Uint8Array) {
    const rpIdHash = createHash('sha256').update(rpId).digest();
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    return isoCBOR.encode(key);
  }

  /** Answers `navigator.credentials.create` options (the server's `options`). */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, rpId = options.rp.id!): RegistrationResponse {
    this.userHandle = options.user.id;
    const id = isoBase64URL.toBuffer(this.credentialId);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, this.coseKey()]);
    // UP | UV | AT
    const authData = this.authData(rpId, 0x01 | 0x04 | 0x40, attested);
    const attestation = new Map<string, string | Uint8Array | Map<string, string>>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', authData],
    ]);
    const attestationObject = isoCBOR.encode(attestation);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(this.clientData('webauthn.create', options.challenge)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** Answers `navigator.credentials.get` options; `verified: false` leaves the user-verified flag off. */
  authenticate(options: { challenge: string; rpId?: string }, opts: { verified?: boolean; rpId?: string; counter?: number } = {}): AuthenticationResponse {
    this.counter = opts.counter ?? this.counter + 1;
    const authData = this.authData(opts.rpId ?? options.rpId!, 0x01 | (opts.verified === false ? 0 : 0x04));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
