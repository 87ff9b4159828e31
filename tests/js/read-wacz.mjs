#!/usr/bin/env node
// read-wacz.mjs FILE.wacz
//
// Reads a WACZ with readers SHARC did not write: yauzl for the zip and
// webrecorder's warcio for every WARC in archive/. Prints one JSON object
// on stdout (see the end of main) and exits non-zero on any parse error, so
// a Go test can compare what an independent implementation sees with what
// SHARC wrote.
//
// Digests: the block digest is recomputed by warcio's WARCSerializer over
// the raw record block (records parsed without HTTP parsing); the payload
// digest is computed here over the entity body warcio hands out (its own
// dechunking when Transfer-Encoding is chunked; content-coding kept, as the
// WARC 1.1 payload definition wants).
import { createHash, webcrypto } from "node:crypto";
import { gunzipSync } from "node:zlib";
import yauzl from "yauzl";
import { WARCParser, WARCSerializer, AsyncIterReader } from "warcio";

const problems = [];

// warcio reports some malformations only through console.warn (e.g. a
// Content-Length too small); treat them as parse errors.
console.warn = (...args) => problems.push("warcio: " + args.join(" "));

async function streamOf(zip, entry) {
  return zip.openReadStreamPromise(entry);
}

async function readAll(zip, entry) {
  const chunks = [];
  for await (const c of await streamOf(zip, entry)) chunks.push(c);
  return Buffer.concat(chunks);
}

// digestOpts returns the WARCSerializer digest options and a node hasher
// matching how a digest header is spelled ("sha1:BASE32" or "sha256:hex").
function algoOf(header) {
  const prefix = (header || "sha1:").split(":", 1)[0].toLowerCase();
  switch (prefix) {
    case "sha1":
      return { serializer: { algo: "sha-1", prefix: "sha1:", base32: true }, node: "sha1", base32: true, prefix: "sha1:" };
    case "sha256":
      return { serializer: { algo: "sha-256", prefix: "sha256:", base32: false }, node: "sha256", base32: false, prefix: "sha256:" };
    default:
      return null;
  }
}

const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function base32(buf) {
  let bits = 0, value = 0, out = "";
  for (const b of buf) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

function nodeDigest(algo, data) {
  const sum = createHash(algo.node).update(data).digest();
  return algo.prefix + (algo.base32 ? base32(sum) : sum.toString("hex"));
}

async function collect(iter) {
  const chunks = [];
  for await (const c of iter) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

// blockPass parses one WARC without HTTP parsing and lets warcio recompute
// each record's block digest.
async function blockPass(zip, entry, name) {
  const out = [];
  const parser = new WARCParser(await streamOf(zip, entry), { parseHttp: false, keepHeadersCase: true });
  for await (const record of parser) {
    const declared = record.warcBlockDigest;
    const algo = algoOf(declared);
    let computed = null;
    if (record.warcType !== "warcinfo" && algo) {
      const ser = new WARCSerializer(record, { digest: algo.serializer });
      await ser.digestRecord({ recompute: true });
      computed = record.warcBlockDigest;
    } else {
      await record.readFully();
    }
    out.push({ offset: parser.offset, length: parser.recordLength, blockDigest: declared ?? null, computedBlockDigest: computed });
  }
  return out;
}

// recordPass parses one WARC with HTTP parsing: types, URIs, digests,
// status, offsets.
async function recordPass(zip, entry, name) {
  const out = [];
  const parser = new WARCParser(await streamOf(zip, entry), { parseHttp: true });
  for await (const record of parser) {
    const statusline = record.warcHeaders.statusline || "";
    if (!statusline.startsWith("WARC/1.")) problems.push(`${name}@${parser.offset}: record starts with ${JSON.stringify(statusline)}`);
    const type = record.warcType;
    const rec = {
      file: name,
      type,
      recordID: record.warcHeader("WARC-Record-ID") ?? null,
      targetURI: record.warcTargetURI ?? null,
      date: record.warcDate ?? null,
      payloadDigest: record.warcPayloadDigest ?? null,
      profile: record.warcHeader("WARC-Profile") ?? null,
      refersTo: record.warcHeader("WARC-Refers-To") ?? null,
      contentLength: record.warcContentLength,
      httpStatus: null,
      computedPayloadDigest: null,
    };
    if (!type || !rec.recordID) problems.push(`${name}@${parser.offset}: no WARC-Type or WARC-Record-ID`);
    if (record.httpHeaders) {
      const s = record.httpHeaders.statusCode;
      rec.httpStatus = s === undefined || s === null ? null : Number(s);
      const algo = algoOf(rec.payloadDigest);
      const te = (record.httpHeaders.headers.get("Transfer-Encoding") || "").toLowerCase();
      // warcio's AsyncIterReader with compression off and dechunk on.
      const body = te.includes("chunked") ? new AsyncIterReader(record.reader, null, true) : record.reader;
      const payload = await collect(body);
      if (algo && (type === "response" || type === "request" || (type === "revisit" && payload.length > 0))) {
        rec.computedPayloadDigest = nodeDigest(algo, payload);
      }
    } else {
      await record.readFully();
    }
    rec.offset = parser.offset;
    rec.length = parser.recordLength;
    out.push(rec);
  }
  return out;
}

function parseCDXJ(text) {
  const out = [];
  text.split("\n").forEach((line, i) => {
    if (line === "" || line.startsWith("!")) return;
    const a = line.indexOf(" ");
    const b = a < 0 ? -1 : line.indexOf(" ", a + 1);
    if (a <= 0 || b < 0) {
      problems.push(`indexes/index.cdxj line ${i + 1}: not "SURT TIMESTAMP {JSON}"`);
      return;
    }
    try {
      const fields = JSON.parse(line.slice(b + 1));
      out.push({ surt: line.slice(0, a), timestamp: line.slice(a + 1, b), ...fields });
    } catch (e) {
      problems.push(`indexes/index.cdxj line ${i + 1}: ${e.message}`);
    }
  });
  return out;
}

async function main() {
  const path = process.argv[2];
  if (!path) {
    console.error("usage: node read-wacz.mjs FILE.wacz");
    process.exit(2);
  }
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: true });
  const entries = [];
  for await (const e of zip.eachEntry()) entries.push(e);

  const files = {};
  const texts = {};
  const raw = {};
  const warcs = [];
  for (const e of entries) {
    if (e.fileName.endsWith("/")) continue;
    const data = await readAll(zip, e);
    files[e.fileName] = {
      bytes: data.length,
      sha256: "sha256:" + createHash("sha256").update(data).digest("hex"),
      method: e.compressionMethod === 0 ? "store" : e.compressionMethod === 8 ? "deflate" : String(e.compressionMethod),
    };
    if (/^archive\/[^/]+\.warc(\.gz)?$/.test(e.fileName)) warcs.push(e);
    else if (e.fileName.endsWith(".gz")) raw[e.fileName] = data;
    else if (!e.fileName.startsWith("archive/")) texts[e.fileName] = data.toString("utf8");
  }

  const records = [];
  const counts = {};
  for (const e of warcs) {
    const name = e.fileName.slice("archive/".length);
    let recs, blocks;
    try {
      recs = await recordPass(zip, e, name);
      blocks = await blockPass(zip, e, name);
    } catch (err) {
      problems.push(`${e.fileName}: ${err.message}`);
      continue;
    }
    if (recs.length !== blocks.length) problems.push(`${e.fileName}: ${recs.length} records with HTTP parsing, ${blocks.length} without`);
    let end = 0;
    recs.forEach((r, i) => {
      const b = blocks[i] || {};
      if (b.offset !== r.offset || b.length !== r.length) problems.push(`${name}@${r.offset}: the two passes disagree on offset/length`);
      if (r.offset !== end) problems.push(`${name}@${r.offset}: record does not start where the previous ended (${end})`);
      end = r.offset + r.length;
      r.blockDigest = b.blockDigest ?? null;
      r.computedBlockDigest = b.computedBlockDigest ?? null;
      counts[r.type] = (counts[r.type] || 0) + 1;
      records.push(r);
    });
    if (end !== files[e.fileName].bytes) problems.push(`${e.fileName}: records end at ${end}, file has ${files[e.fileName].bytes} bytes`);
  }
  zip.close();

  let datapackage = null, digestFile = null;
  const pages = [];
  try {
    datapackage = JSON.parse(texts["datapackage.json"] ?? "null");
    digestFile = JSON.parse(texts["datapackage-digest.json"] ?? "null");
  } catch (err) {
    problems.push(`datapackage: ${err.message}`);
  }
  if (!datapackage) problems.push("datapackage.json missing");
  for (const [i, line] of (texts["pages/pages.jsonl"] ?? "").split("\n").entries()) {
    if (!line) continue;
    try {
      pages.push(JSON.parse(line));
    } catch (err) {
      problems.push(`pages/pages.jsonl line ${i + 1}: ${err.message}`);
    }
  }
  let indexForm = "cdxj";
  let cdxjText = texts["indexes/index.cdxj"] ?? "";
  if (texts["indexes/index.idx"] !== undefined) {
    indexForm = "cdxj-gzip";
    cdxjText = inflateIndex(texts["indexes/index.idx"], raw);
  }
  const cdxj = parseCDXJ(cdxjText);
  const signature = await wabacSignature(digestFile);

  const result = { reader: "warcio", files, counts, records, indexForm, cdxj, datapackage, digestFile, pages, signature, problems };
  // exitCode, not exit(): exit() would cut off stdout still queued for a pipe.
  process.exitCode = problems.length ? 1 : 0;
  process.stdout.write(JSON.stringify(result, null, 1) + "\n");
}

// inflateIndex reads the compressed index (WACZ cdxj-gzip-1.0) as a
// replay tool does: the .idx's "!meta" line names the .cdx.gz, each
// further line "KEY {offset,length,digest}" one gzip member, inflated on
// its own; the digest (sha256 of the member) and the key (its first
// line's "SURT TIMESTAMP") are checked. Returns the CDXJ lines.
function inflateIndex(idx, raw) {
  let file = null, out = "", next = 0;
  idx.split("\n").forEach((line, i) => {
    if (!line) return;
    const at = line.indexOf(" {");
    if (at < 0) {
      problems.push(`indexes/index.idx line ${i + 1}: not "KEY {JSON}"`);
      return;
    }
    let f;
    try {
      f = JSON.parse(line.slice(at + 1));
    } catch (e) {
      problems.push(`indexes/index.idx line ${i + 1}: ${e.message}`);
      return;
    }
    if (i === 0 && line.startsWith("!meta")) {
      if (f.format !== "cdxj-gzip-1.0") problems.push(`indexes/index.idx: format ${f.format}`);
      file = "indexes/" + f.filename;
      return;
    }
    const name = f.filename ? "indexes/" + f.filename : file;
    const gz = raw[name];
    if (!gz) {
      problems.push(`indexes/index.idx line ${i + 1}: ${name} not in the package`);
      return;
    }
    if (f.offset !== next) problems.push(`indexes/index.idx line ${i + 1}: block at ${f.offset}, previous ended at ${next}`);
    next = f.offset + f.length;
    const member = gz.subarray(f.offset, f.offset + f.length);
    if (f.digest && f.digest !== "sha256:" + createHash("sha256").update(member).digest("hex")) {
      problems.push(`indexes/index.idx line ${i + 1}: digest does not match the block`);
    }
    let lines;
    try {
      lines = gunzipSync(member).toString("utf8");
    } catch (e) {
      problems.push(`indexes/index.idx line ${i + 1}: ${e.message}`);
      return;
    }
    if (!lines.startsWith(line.slice(0, at) + " {")) problems.push(`indexes/index.idx line ${i + 1}: block does not start with its key`);
    out += lines;
  });
  if (file && raw[file] && next !== raw[file].length) problems.push(`${file}: ${raw[file].length} bytes, blocks end at ${next}`);
  return out;
}

// wabacSignature checks datapackage-digest.json's anonymous signature the
// way ReplayWeb.page does (wabac.js src/wacz/certutils.ts,
// verifyWACZSignature): WebCrypto importKey("spki", publicKey, ECDSA
// P-384), then verify ECDSA/SHA-256 of the UTF-8 hash string against the
// raw r||s signature. Node's crypto.subtle is the same WebCrypto API, so
// a key it refuses here (another curve, Ed25519) is one ReplayWeb.page
// shows as unverified. A refusal is a result, not a parse problem.
async function wabacSignature(digestFile) {
  const sd = digestFile?.signedData;
  if (!sd) return null;
  const out = { hashMatches: sd.hash === digestFile.hash, valid: false, error: null };
  try {
    const key = await webcrypto.subtle.importKey("spki", Buffer.from(sd.publicKey, "base64"),
      { name: "ECDSA", namedCurve: "P-384" }, true, ["verify"]);
    out.valid = await webcrypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key,
      Buffer.from(sd.signature, "base64"), new TextEncoder().encode(sd.hash));
  } catch (err) {
    out.error = `${err.name}: ${err.message}`;
  }
  return out;
}

main().catch((err) => {
  console.error(`read-wacz: ${err.stack || err}`);
  process.exitCode = 1;
});
