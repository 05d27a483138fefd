/// <reference lib="dom" />
/**
 * Ed25519 through the browser's own WebCrypto, used by the report page only after the engine has
 * shown, on the vectors below, that it answers under the Truss signature rule (docs/ledger.md
 * "Signature rule"): cofactorless and byte-exact, like node:crypto. The key half of the rule (a
 * canonical key outside the small-order subgroup), S < L and an R that is not a small-order point are
 * checked here in JavaScript for every job, whatever the engine does. An engine that fails the probe,
 * lacks Ed25519 or throws is not used: the page falls back to its @noble workers, so the answer never
 * depends on the browser.
 */
import { isAcceptablePublicKey } from '../../ledger/ed25519-fixed-key.js';
import { hasSmallOrderR } from '../../ledger/ed25519-small-order.js';
import { bytesToHex, hexToBytes } from '../../ledger/encoding.js';
import type { SignatureJob } from './signature-checks.js';

/**
 * From test/fixtures/vectors/ed25519-edge.json (a test keeps them equal): [id, public key, signature,
 * message, expected]. Of the first five, two have a small-order R, which the rule refuses before the
 * engine is asked; the other three hold under the rule. The rest pass a cofactored verifier only.
 */
export const PROBE_VECTORS: readonly [string, string, string, string, boolean][] = [
  [
    'valid',
    'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    'f75a276ec94fefdef9b4a923899be4e5e5cf84af1d36fc498440ace4d18b0f21b446378244effa4b1f3192dd8bd59715b0f182287f4243852645dad7b4ef0808',
    'b09d9a577ec905deaa7f8b3e6db78d901a4d95c377286823312c273a75560b68',
    true,
  ],
  [
    'a-mixed-order-r-compensated',
    '9158312a9a8d6e3b34c891d6d61444f8b8211c5117ebad15bdb0bd68b07e0245',
    '1e629ed9dd804dc812aa8da7f07dff101e4361d47b736c26276b7f8be3c27f50d7e9fe731bbe76d4b8b7f15969e507ed9c76985de64faf742d40bc9b3f788208',
    'b09d9a577ec905deaa7f8b3e6db78d901a4d95c377286823312c273a75560b68',
    true,
  ],
  [
    'r-identity-canonical',
    'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    '01000000000000000000000000000000000000000000000000000000000000000c4d9a9bcb21515dbf6e4d7b1bd7ff8eda503504c8df3b07db702406ae89e008',
    'b09d9a577ec905deaa7f8b3e6db78d901a4d95c377286823312c273a75560b68',
    false,
  ],
  [
    'taming-2',
    'f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43',
    'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa8c4bd45aecaca5b24fb97bc10ac27ac8751a7dfe1baff8b953ec9f5833ca260e',
    'aebf3f2601a0c8c5d39cc7d8911642f740b78168218da8471772b35f9d35b9ab',
    false,
  ],
  [
    'taming-3',
    'cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d',
    '9046a64750444938de19f227bb80485e92b83fdb4b6506c160484c016cc1852f87909e14428a7a1d62e9f22f3d3ad7802db02eb2e688b6c52fcd6648a98bd009',
    '9bd9f44f4dcc75bd531b56b2cd280b0bb38fc1cd6d1230e14861d861de092e79',
    true,
  ],
  [
    'r-mixed-order-1',
    'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    'fea48c436a9ac99921b028f654776fd9b6ec195de96a8183851acd8f80c000534b8b109ada0168a5454fa5e88aaf5ad71df93f3b3d0caf644e8db2bde1ec8209',
    'b09d9a577ec905deaa7f8b3e6db78d901a4d95c377286823312c273a75560b68',
    false,
  ],
  [
    'r-mixed-order-2',
    'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    'd834212f06e54ada2ee58cd55634f903bf07a674d2da193af4841dfb3eb0c879ec4d4c3e3076ce9c4c1375bb41ab577bdf5352ca1271acc79d9a992cc7c3df01',
    'b09d9a577ec905deaa7f8b3e6db78d901a4d95c377286823312c273a75560b68',
    false,
  ],
  [
    'r-mixed-order-4',
    'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    'a5ebdb8a1ed978c28144c390bd91696253564c543c7443b20f0f9737118f0b4d85149d67ca4a1195015594d48193a31ff224cbb2fc4335ccb04063b2f74cd202',
    'b09d9a577ec905deaa7f8b3e6db78d901a4d95c377286823312c273a75560b68',
    false,
  ],
  [
    'a-mixed-order',
    '9158312a9a8d6e3b34c891d6d61444f8b8211c5117ebad15bdb0bd68b07e0245',
    'be53483a1f8d3088bb85f4e03db6accbf27a7b52b1c3a638ddd85f416fdcb77d723825c39e1d2eca386547e8c4844106f406b276558bd6a6e69a40423b5c720c',
    'b09d9a577ec905deaa7f8b3e6db78d901a4d95c377286823312c273a75560b68',
    false,
  ],
  [
    'taming-4',
    'cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d',
    '160a1cb0dc9c0258cd0a7d23e94d8fa878bcb1925f2c64246b2dee1796bed5125ec6bc982a269b723e0668e540911a9a6a58921d6925e434ab10aa7940551a09',
    'e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec4011eaccd55b53f56c',
    false,
  ],
  [
    'taming-5',
    'cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d',
    '21122a84e0b5fca4052f5b1235c80a537878b38f3142356b2c2384ebad4668b7e40bc836dac0f71076f9abe3a53f9c03c1ceeeddb658d0030494ace586687405',
    'e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec4011eaccd55b53f56c',
    false,
  ],
];

/** The group order L = 2^252 + 27742317777372353535851937790883648493, little-endian like S. */
const L_BYTES = hexToBytes(
  'edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010',
  32,
) as Uint8Array;

/** S < L, byte by byte from the most significant end (no BigInt: this runs once per signature). */
function scalarBelowL(signature: Uint8Array): boolean {
  for (let i = 31; i >= 0; i--) {
    const s = signature[32 + i] as number;
    const l = L_BYTES[i] as number;
    if (s !== l) return s < l;
  }
  return false;
}

type Subtle = SubtleCrypto;

/** Answers jobs with WebCrypto, or null when this engine must not be trusted with them. */
export async function webCryptoAnswerer(): Promise<((jobs: SignatureJob[]) => Promise<Uint8Array>) | null> {
  const subtle: Subtle | undefined = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const keys = new Map<string, Promise<CryptoKey | null>>();
  const keyFor = (publicKey: Uint8Array): Promise<CryptoKey | null> => {
    const id = bytesToHex(publicKey);
    let key = keys.get(id);
    if (!key) {
      key = isAcceptablePublicKey(publicKey)
        ? subtle.importKey('raw', publicKey as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, [
            'verify',
          ])
        : Promise.resolve(null);
      keys.set(id, key);
    }
    return key;
  };
  const answer = async ([signature, message, publicKey]: SignatureJob): Promise<boolean> => {
    if (
      signature.length !== 64 ||
      publicKey.length !== 32 ||
      !scalarBelowL(signature) ||
      hasSmallOrderR(signature)
    )
      return false;
    const key = await keyFor(publicKey);
    if (!key) return false;
    return subtle.verify(
      { name: 'Ed25519' },
      key,
      signature as Uint8Array<ArrayBuffer>,
      message as Uint8Array<ArrayBuffer>,
    );
  };
  try {
    for (const [, publicKey, signature, message, expected] of PROBE_VECTORS) {
      const bytes = (hex: string) => hexToBytes(hex, hex.length / 2) as Uint8Array;
      const job: SignatureJob = [bytes(signature), bytes(message), bytes(publicKey)];
      if ((await answer(job)) !== expected) return null;
    }
  } catch {
    return null;
  }
  return async (jobs) => {
    const out = new Uint8Array(jobs.length);
    await Promise.all(
      jobs.map(async (job, i) => {
        out[i] = (await answer(job)) ? 1 : 0;
      }),
    );
    return out;
  };
}
