import { describe, expect, it } from 'vitest';
import {
  decodeBase64Strict,
  preAuthEncoding,
  signEnvelope,
  verifyEnvelopeSignature,
} from '../../src/core/attest/index.js';
import { createNodeCrypto, utf8Bytes } from '../../src/core/ledger/index.js';
import { FORGER_KEY, SESSION_KEY } from '../helpers/ledger-kit.js';

const crypto = createNodeCrypto();

describe('DSSE v1 pre-authentication encoding', () => {
  it('reproduces the vector from the DSSE spec byte for byte', () => {
    const pae = preAuthEncoding('http://example.com/HelloWorld', utf8Bytes('hello world'));
    expect(Buffer.from(pae).toString('latin1')).toBe(
      'DSSEv1 29 http://example.com/HelloWorld 11 hello world',
    );
  });

  it('counts lengths in bytes, not characters, and handles an empty payload', () => {
    expect(Buffer.from(preAuthEncoding('t/é', utf8Bytes('ü✓'))).toString('utf8')).toBe('DSSEv1 4 t/é 5 ü✓');
    expect(Buffer.from(preAuthEncoding('x', new Uint8Array())).toString('utf8')).toBe('DSSEv1 1 x 0 ');
  });
});

describe('DSSE envelopes signed with the ledger key', () => {
  const payload = utf8Bytes('{"hello":"world"}');

  it('names the signer by its OpenSSH fingerprint and verifies with its key only', () => {
    const envelope = signEnvelope('application/vnd.in-toto+json', payload, SESSION_KEY);
    expect(envelope.signatures).toHaveLength(1);
    expect(envelope.signatures[0]?.keyid).toBe(SESSION_KEY.keyId);
    expect(envelope.signatures[0]?.keyid).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(Buffer.from(envelope.payload, 'base64').toString()).toBe('{"hello":"world"}');
    const sig = decodeBase64Strict(envelope.signatures[0]?.sig) as Uint8Array;
    // The signature is plain Ed25519 over the PAE (checked with node's own verify through LedgerCrypto).
    expect(verifyEnvelopeSignature(envelope.payloadType, payload, sig, SESSION_KEY.publicKey, crypto)).toBe(
      true,
    );
    expect(verifyEnvelopeSignature(envelope.payloadType, payload, sig, FORGER_KEY.publicKey, crypto)).toBe(
      false,
    );
    expect(verifyEnvelopeSignature('text/plain', payload, sig, SESSION_KEY.publicKey, crypto)).toBe(false);
    expect(
      verifyEnvelopeSignature(
        envelope.payloadType,
        utf8Bytes('{"hello":"World"}'),
        sig,
        SESSION_KEY.publicKey,
        crypto,
      ),
    ).toBe(false);
  });

  it('decodes the base64 forms DSSE allows: standard or URL-safe, padded or not', () => {
    // 0xfb 0xff 0xbf encodes to "+/+/" standard and "-_-_" URL-safe: the alphabets differ in these two.
    const bytes = new Uint8Array([0xfb, 0xff, 0xbf, 0x68, 0x69]);
    for (const form of ['+/+/aGk=', '+/+/aGk', '-_-_aGk=', '-_-_aGk'])
      expect(decodeBase64Strict(form), form).toEqual(bytes);
    expect(decodeBase64Strict('aGk=')).toEqual(utf8Bytes('hi'));
    expect(decodeBase64Strict('aA')).toEqual(utf8Bytes('h'));
    expect(decodeBase64Strict('')).toEqual(new Uint8Array());
  });

  it('refuses junk: mixed alphabets, impossible lengths, misplaced padding, stray bits, whitespace', () => {
    for (const bad of [
      '+/-_aGk=', // both alphabets in one string
      '-/+_',
      'aGk=\n',
      'a Gk=',
      ' aGk=',
      'aGl=', // bits past the last byte
      'aGl',
      'aGk==', // padded past a multiple of four
      'aG=',
      'aGk=aGk=', // padding inside
      '=',
      '====',
      'aGkxa', // five characters: no encoding has that length
      'aGk.',
      'aGk*',
      42,
      null,
    ])
      expect(decodeBase64Strict(bad), JSON.stringify(bad)).toBeUndefined();
  });
});
