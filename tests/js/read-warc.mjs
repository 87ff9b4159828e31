#!/usr/bin/env node
// read-warc.mjs FILE.warc.gz...
//
// Reads WARC files with webrecorder's warcio, a reader SHARC did not
// write, and prints one JSON object: every record's type, target URI,
// content type, the connection fields (WARC-Protocol, WARC-Cipher-Suite,
// WARC-TLS-Record-ID), whether warcio's recomputed block digest matches
// the declared one, and the block of dns: and tls: records. A second pass
// parses HTTP as replay tools do, so a record that trips warcio fails.
// Exits non-zero on any parse error.
import { createReadStream } from "node:fs";
import { WARCParser, WARCSerializer } from "warcio";

const problems = [];
console.warn = (...args) => problems.push("warcio: " + args.join(" "));

function algoOf(header) {
  const prefix = (header || "").split(":", 1)[0].toLowerCase();
  if (prefix === "sha1") return { algo: "sha-1", prefix: "sha1:", base32: true };
  if (prefix === "sha256") return { algo: "sha-256", prefix: "sha256:", base32: false };
  return null;
}

async function blockPass(path) {
  const out = [];
  const parser = new WARCParser(createReadStream(path), { parseHttp: false, keepHeadersCase: true });
  for await (const record of parser) {
    const uri = record.warcTargetURI ?? "";
    const rec = {
      type: record.warcType,
      recordID: record.warcHeader("WARC-Record-ID") ?? null,
      targetURI: uri,
      contentType: record.warcHeader("Content-Type") ?? null,
      ip: record.warcHeader("WARC-IP-Address") ?? null,
      protocols: record.warcHeaders.headers.getAll ? record.warcHeaders.headers.getAll("WARC-Protocol") : [record.warcHeader("WARC-Protocol")].filter(Boolean),
      cipherSuite: record.warcHeader("WARC-Cipher-Suite") ?? null,
      tlsRecordID: record.warcHeader("WARC-TLS-Record-ID") ?? null,
      blockDigestOK: null,
      block: null,
    };
    const declared = record.warcBlockDigest;
    const algo = algoOf(declared);
    if (uri.startsWith("dns:") || uri.startsWith("tls:")) {
      const bytes = await record.readFully();
      rec.block = Buffer.from(bytes).toString("utf8");
    } else if (record.warcType !== "warcinfo" && algo) {
      const ser = new WARCSerializer(record, { digest: algo });
      await ser.digestRecord({ recompute: true });
      rec.blockDigestOK = record.warcBlockDigest === declared;
    } else {
      await record.readFully();
    }
    out.push(rec);
  }
  return out;
}

async function httpPass(path) {
  let n = 0;
  const parser = new WARCParser(createReadStream(path), { parseHttp: true });
  for await (const record of parser) {
    await record.readFully();
    n++;
  }
  return n;
}

async function main() {
  const files = process.argv.slice(2);
  const records = [];
  let parsed = 0;
  for (const f of files) {
    try {
      records.push(...(await blockPass(f)));
      parsed += await httpPass(f);
    } catch (e) {
      problems.push(`${f}: ${e}`);
    }
  }
  process.stdout.write(JSON.stringify({ reader: "warcio", records, parsedWithHTTP: parsed, problems }));
  if (problems.length) process.exit(1);
}

main();
