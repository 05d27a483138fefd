#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  ANCHOR_RECEIPT_KIND,
  bytesToHex,
  canonicalJson,
  concatBytes,
  hexToBytes,
  keyIdFromPublicKey,
  readPayload
} from "./chunk-P2CFU6IE.js";

// src/core/anchor/errors.ts
var ProofError = class extends Error {
  name = "ProofError";
};
var NoteError = class extends Error {
  name = "NoteError";
};
var LogError = class extends Error {
  name = "LogError";
};
var ForkError = class extends Error {
  constructor(message, earlier, later) {
    super(message);
    this.earlier = earlier;
    this.later = later;
  }
  earlier;
  later;
  name = "ForkError";
};
var InconsistentCheckpointError = class extends ForkError {
  name = "InconsistentCheckpointError";
};

// src/core/anchor/merkle-verify.ts
var HASH_BYTES = 32;
function verifyInclusion(hasher, leafIndex, treeSize, leafHash, proof, root) {
  requireSize(leafIndex, "leaf index");
  requireSize(treeSize, "tree size");
  if (leafIndex >= treeSize)
    throw new ProofError(`leaf index ${leafIndex} is not inside a tree of size ${treeSize}`);
  if (leafHash.length !== HASH_BYTES)
    throw new ProofError(`the leaf hash is ${leafHash.length} bytes, not ${HASH_BYTES}`);
  if (root.length !== HASH_BYTES) throw new ProofError(`the root is ${root.length} bytes, not ${HASH_BYTES}`);
  requireHashes(proof);
  const computed = rootFromInclusionProof(hasher, leafIndex, treeSize, leafHash, proof);
  if (!sameBytes(computed, root))
    throw new ProofError("the inclusion proof leads to a different root than the one given");
}
function rootFromInclusionProof(hasher, leafIndex, treeSize, leafHash, proof) {
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash;
  for (const p of proof) {
    if (sn === 0) throw new ProofError(`the inclusion proof is too long (${proof.length} hashes)`);
    if (odd(fn) || fn === sn) {
      r = hasher.node(p, r);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = hasher.node(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw new ProofError(`the inclusion proof is too short (${proof.length} hashes)`);
  return r;
}
function verifyConsistency(hasher, size1, size2, proof, root1, root2) {
  requireSize(size1, "size1");
  requireSize(size2, "size2");
  if (size1 > size2) throw new ProofError(`size1 (${size1}) is larger than size2 (${size2})`);
  if (size1 === 0) {
    throw new ProofError("a consistency proof from an empty tree proves nothing (size1 is 0)");
  }
  if (size1 === size2) {
    if (proof.length > 0) throw new ProofError("size1 equals size2, so the proof must be empty");
    if (!sameBytes(root1, root2)) throw new ProofError("the trees have the same size but different roots");
    return;
  }
  if (proof.length === 0) throw new ProofError("the consistency proof is empty");
  requireHashes(proof);
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0];
  let sr = fr;
  for (let i = 1; i < path.length; i++) {
    const c = path[i];
    if (sn === 0) throw new ProofError(`the consistency proof is too long (${proof.length} hashes)`);
    if (odd(fn) || fn === sn) {
      fr = hasher.node(c, fr);
      sr = hasher.node(c, sr);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = hasher.node(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw new ProofError(`the consistency proof is too short (${proof.length} hashes)`);
  if (!sameBytes(fr, root1)) throw new ProofError("the consistency proof does not lead to the first root");
  if (!sameBytes(sr, root2)) throw new ProofError("the consistency proof does not lead to the second root");
}
function requireSize(n, what) {
  if (!Number.isSafeInteger(n) || n < 0) throw new ProofError(`${what} ${n} is not a non-negative integer`);
}
function requireHashes(proof) {
  proof.forEach((hash, i) => {
    if (hash.length !== HASH_BYTES)
      throw new ProofError(`proof hash ${i} is ${hash.length} bytes, not ${HASH_BYTES}`);
  });
}
function odd(n) {
  return n % 2 === 1;
}
function half(n) {
  return Math.floor(n / 2);
}
function isPowerOfTwo(n) {
  if (n < 1) return false;
  let x = n;
  while (x % 2 === 0) x /= 2;
  return x === 1;
}
function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

// src/core/anchor/signed-note.ts
var ED25519_TYPE = 1;
var EM_DASH = "\u2014";
var utf8 = new TextEncoder();
function noteKeyId(name, publicKey, sha256) {
  const nameBytes = utf8.encode(name);
  const preimage = new Uint8Array(nameBytes.length + 2 + publicKey.length);
  preimage.set(nameBytes, 0);
  preimage[nameBytes.length] = 10;
  preimage[nameBytes.length + 1] = ED25519_TYPE;
  preimage.set(publicKey, nameBytes.length + 2);
  return sha256(preimage).subarray(0, 4);
}
function formatVerifierKey(key, sha256) {
  const typed = new Uint8Array(33);
  typed[0] = ED25519_TYPE;
  typed.set(key.publicKey, 1);
  return `${key.name}+${hex(noteKeyId(key.name, key.publicKey, sha256))}+${base64(typed)}`;
}
function signNote(text, name, signer, sha256) {
  checkText(text);
  checkKeyName(name);
  const signature = signer.sign(utf8.encode(text));
  const blob = new Uint8Array(4 + signature.length);
  blob.set(noteKeyId(name, signer.publicKey, sha256), 0);
  blob.set(signature, 4);
  return `${text}
${EM_DASH} ${name} ${base64(blob)}
`;
}
function openNote(note, key, crypto) {
  checkNoteChars(note);
  const split = note.lastIndexOf("\n\n");
  if (split === -1 || !note.endsWith("\n"))
    throw new NoteError("not a signed note: no blank line before the signatures");
  const text = note.slice(0, split + 1);
  const lines = note.slice(split + 2, -1).split("\n");
  const wantId = noteKeyId(key.name, key.publicKey, crypto.sha256);
  let verified = false;
  for (const line of lines) {
    const match = /^\u2014 (\S+) ([A-Za-z0-9+/]+={0,2})$/.exec(line);
    if (!match) throw new NoteError(`malformed signature line ${JSON.stringify(line.slice(0, 80))}`);
    const blob = fromBase64(match[2]);
    if (!blob || blob.length < 5) throw new NoteError("a signature line is too short");
    if (match[1] !== key.name || !sameBytes(blob.subarray(0, 4), wantId)) continue;
    if (!crypto.verify(blob.subarray(4), utf8.encode(text), key.publicKey))
      throw new NoteError(`the signature by ${key.name} does not verify: the note was altered or forged`);
    verified = true;
  }
  if (!verified) throw new NoteError(`the note carries no signature by ${key.name} with the expected key`);
  return text;
}
function checkText(text) {
  if (!text.endsWith("\n")) throw new NoteError("note text must end with a newline");
  checkNoteChars(text);
}
function checkNoteChars(text) {
  if (/[\u0000-\u0009\u000b-\u001f]/.test(text))
    throw new NoteError("a note must not contain control characters");
  if (text.isWellFormed && !text.isWellFormed()) throw new NoteError("a note must be valid UTF-8");
}
function checkKeyName(name) {
  if (name === "" || /[\s+]/.test(name))
    throw new NoteError(`invalid key name ${JSON.stringify(name)}: no spaces or '+'`);
}
function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function base64(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary);
}
function fromBase64(text) {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return void 0;
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

// src/core/anchor/checkpoint.ts
function formatCheckpoint(checkpoint) {
  return `${checkpoint.origin}
${checkpoint.size}
${base64(checkpoint.root)}
`;
}
function parseCheckpoint(text) {
  const lines = text.split("\n");
  if (lines.length < 4 || lines[lines.length - 1] !== "")
    throw new NoteError("a checkpoint has an origin line, a size line and a root line");
  const [origin, sizeText, rootText] = lines;
  if (origin === "") throw new NoteError("the checkpoint origin line is empty");
  if (!/^(0|[1-9][0-9]{0,15})$/.test(sizeText) || !Number.isSafeInteger(Number(sizeText)))
    throw new NoteError(`the checkpoint size ${JSON.stringify(sizeText)} is not a decimal integer`);
  const root = fromBase64(rootText);
  if (root?.length !== 32) throw new NoteError("the checkpoint root is not a base64 SHA-256 hash");
  return { origin, size: Number(sizeText), root };
}
function signCheckpoint(checkpoint, signer, sha256) {
  const note = signNote(formatCheckpoint(checkpoint), checkpoint.origin, signer, sha256);
  return { ...checkpoint, note };
}
function openCheckpoint(note, key, crypto) {
  const checkpoint = parseCheckpoint(openNote(note, key, crypto));
  if (checkpoint.origin !== key.name)
    throw new NoteError(
      `the checkpoint is for origin ${JSON.stringify(checkpoint.origin)}, not ${JSON.stringify(key.name)}`
    );
  return { ...checkpoint, note };
}

// src/core/anchor/leaf-record.ts
var LEAF_SCHEMA = "truss.anchor.leaf.v1";
function anchorLeafData(head) {
  return canonicalJson({ head_hash: head.headHash, schema: LEAF_SCHEMA, seq: head.seq });
}

// src/core/anchor/hasher.ts
var LEAF_PREFIX = new Uint8Array([0]);
var NODE_PREFIX = new Uint8Array([1]);
function rfc6962Hasher(sha256) {
  return {
    emptyRoot: sha256(new Uint8Array(0)),
    leaf: (data) => sha256(concatBytes(LEAF_PREFIX, data)),
    node: (left, right) => sha256(concatBytes(NODE_PREFIX, left, right))
  };
}

// src/core/anchor/receipt.ts
function buildReceipt(input) {
  return {
    log_origin: input.origin,
    log_public_key: bytesToHex(input.publicKey),
    log_key_id: keyIdFromPublicKey(input.publicKey, input.sha256),
    leaf_index: input.leafIndex,
    checkpoint: input.checkpoint.note,
    inclusion_proof: input.proof.map(bytesToHex),
    anchored_head_hash: input.headHash,
    anchored_seq: input.seq
  };
}
var checkReceipt = (payload, crypto) => {
  const read = readPayload(ANCHOR_RECEIPT_KIND, payload);
  if ("error" in read) return { error: read.error.replace(`${ANCHOR_RECEIPT_KIND} `, "") };
  const p = read.payload;
  const publicKey = hexToBytes(p.log_public_key, 32);
  if (p.log_key_id !== keyIdFromPublicKey(publicKey, crypto.sha256))
    return { error: "log_key_id is not the fingerprint of log_public_key" };
  const proof = p.inclusion_proof.map((hash) => hexToBytes(hash, 32));
  let checkpoint;
  try {
    checkpoint = openCheckpoint(p.checkpoint, { name: p.log_origin, publicKey }, crypto);
  } catch (error) {
    return { error: `checkpoint: ${error.message}` };
  }
  const hasher = rfc6962Hasher(crypto.sha256);
  const leaf = hasher.leaf(
    new TextEncoder().encode(anchorLeafData({ headHash: p.anchored_head_hash, seq: p.anchored_seq }))
  );
  try {
    verifyInclusion(hasher, p.leaf_index, checkpoint.size, leaf, proof, checkpoint.root);
  } catch (error) {
    return { error: `inclusion proof: ${error.message}` };
  }
  return {
    finding: {
      log_origin: p.log_origin,
      log_public_key: bytesToHex(publicKey),
      log_key_id: p.log_key_id,
      leaf_index: p.leaf_index,
      tree_size: checkpoint.size,
      anchored_seq: p.anchored_seq,
      anchored_head_hash: p.anchored_head_hash
    }
  };
};

export {
  ProofError,
  NoteError,
  LogError,
  ForkError,
  InconsistentCheckpointError,
  verifyInclusion,
  verifyConsistency,
  sameBytes,
  formatVerifierKey,
  formatCheckpoint,
  signCheckpoint,
  openCheckpoint,
  anchorLeafData,
  buildReceipt,
  checkReceipt
};
