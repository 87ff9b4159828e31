#!/usr/bin/env python3
"""Checks SHARC's archives with the Python web-archive tools (docs/interop.md).

Run by scripts/interop-python.sh, which makes the two captures. This script
does not install anything: warcio (Python), cdxj-indexer, pywb's
wb-manager and wayback, and py-wacz's wacz must be on PATH, and the warcio
package importable by this interpreter.

For each capture directory (the --out of `sharc demo`) it runs:
  warcio check -v        every failure must be a chunked response, and every
                         chunked response must fail (SHARC's payload digest
                         is over the de-chunked body, WARC 1.1 section 6.3.2)
  cdxj-indexer           vs `sharc export cdxj`: every field of every line
  wb-manager add         pywb's own index vs `sharc export cdxj`
  warcio index           every SHARC CDXJ line is a record warcio finds there
  wayback (pywb)         on loopback: every visit, revisit and changed page at
                         its own timestamp, id_ mode (the archived bytes) and
                         mp_ mode (rewritten: the page's <title> is there)
  wacz validate          on the capture's signed WACZ, and on a copy with one
                         index byte changed (must fail)
Exits 1 if any result is not the expected one; prints what it found.
"""

import argparse
import collections
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zipfile
from io import BytesIO
from urllib.parse import unquote_to_bytes

from warcio.archiveiterator import ArchiveIterator
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

FAILURES = []


def fail(msg):
    FAILURES.append(msg)
    print("  UNEXPECTED: " + msg)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def warc_files(cap):
    out = []
    for root, _, files in os.walk(os.path.join(cap, "warcs")):
        out += [os.path.join(root, f) for f in files if f.endswith((".warc.gz", ".warc"))]
    return sorted(out)


def read_record(path, offset):
    """The record at offset: (type, http headers or None, de-chunked payload)."""
    with open(path, "rb") as f:
        f.seek(int(offset))
        for rec in ArchiveIterator(f):
            return rec.rec_type, rec.http_headers, rec.content_stream().read()
    raise ValueError("no record at %s:%s" % (path, offset))


def load_cdxj(path):
    lines = {}
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line:
            continue
        key, ts, js = line.split(" ", 2)
        d = json.loads(js)
        d["urlkey"], d["timestamp"] = key, ts
        lines[(d["filename"], d["offset"])] = d
    return lines


def compare_cdxj(name, ours, theirs, allowed):
    """Field-by-field comparison; allowed(field, our_line, their_line) says
    which differences are expected. Returns a Counter of difference kinds."""
    kinds = collections.Counter()
    if set(ours) != set(theirs):
        fail("%s: records differ: only SHARC %d, only %s %d" % (
            name, len(set(ours) - set(theirs)), name, len(set(theirs) - set(ours))))
    for k in sorted(set(ours) & set(theirs), key=lambda k: (k[0], int(k[1]))):
        a, b = ours[k], theirs[k]
        for f in sorted(set(a) | set(b)):
            va, vb = a.get(f), b.get(f)
            if f == "digest" and va and vb and va.split(":")[-1] == vb.split(":")[-1]:
                if va != vb:
                    kinds["digest prefix (%s vs %s)" % (va.split(":")[0] if ":" in va else "none",
                                                        vb.split(":")[0] if ":" in vb else "none")] += 1
                continue
            if va == vb:
                continue
            kind = "%s: SHARC %s, %s %s (mime %s)" % (f, "absent" if va is None else "set",
                                                   name, "absent" if vb is None else "set", a.get("mime"))
            kinds[kind] += 1
            if not allowed(f, a, b):
                fail("%s: %s at %s: SHARC %r, %s %r" % (name, f, k, va, name, vb))
    print("  %s: %d lines, SHARC %d lines; differences: %s" % (
        name, len(theirs), len(ours), dict(kinds) if kinds else "none"))
    return kinds


def check_warcio(cap, warcs):
    for w in warcs:
        r = run(["warcio", "check", "-v", w])
        offset, failed, counts = None, set(), collections.Counter()
        for line in r.stdout.splitlines():
            s = line.strip()
            if s.startswith("offset "):
                offset = s.split()[1]
            elif "failed" in s:
                failed.add(offset)
                counts["failed"] += 1
            elif s.startswith("digest pass"):
                counts["pass"] += 1
            elif "not checked" in s:
                counts["not checked (revisit)"] += 1
        chunked = set()
        with open(w, "rb") as f:
            it = ArchiveIterator(f)
            for rec in it:
                te = rec.http_headers.get_header("Transfer-Encoding") if rec.http_headers else None
                if rec.rec_type == "response" and te and "chunked" in te.lower():
                    chunked.add(str(it.get_record_offset()))
        print("  warcio check %s: exit %d, %s; chunked responses %d" % (
            os.path.basename(w), r.returncode, dict(counts), len(chunked)))
        if failed != chunked:
            fail("warcio check: failures at %s but chunked responses at %s" % (sorted(failed), sorted(chunked)))
        if (r.returncode != 0) != bool(chunked):
            fail("warcio check exit %d with %d chunked responses" % (r.returncode, len(chunked)))


def check_indexes(cap, work, sharc, warcs):
    ours_path = os.path.join(work, "sharc.cdxj")
    r = run([sharc, "export", "cdxj", "--store", "sqlite:" + os.path.join(cap, "sharc.db"),
             "--capture", "1", "-o", ours_path])
    if r.returncode != 0:
        fail("sharc export cdxj: " + r.stderr[-500:])
        return
    ours = load_cdxj(ours_path)
    idx_path = os.path.join(work, "cdxj-indexer.cdxj")
    with open(idx_path, "w") as out:
        r = subprocess.run(["cdxj-indexer", "-s"] + warcs, stdout=out, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        fail("cdxj-indexer: " + r.stderr[-500:])
        return
    # cdxj-indexer writes the same fields; only the digest's "sha1:" label differs.
    compare_cdxj("cdxj-indexer", ours, load_cdxj(idx_path), lambda f, a, b: False)
    # pywb's indexer (wb-manager add) leaves the status off every revisit line.
    pywb_idx = os.path.join(work, "pywb", "collections", "c", "indexes", "index.cdxj")
    compare_cdxj("pywb", ours, load_cdxj(pywb_idx),
                 lambda f, a, b: f == "status" and a.get("mime") == "warc/revisit" and "status" not in b)
    # warcio index: every SHARC line names a record warcio finds at that offset.
    seen = {}
    for w in warcs:
        r = run(["warcio", "index", "-f", "warc-type,warc-target-uri,offset,length", w])
        for line in r.stdout.splitlines():
            d = json.loads(line)
            seen[(os.path.basename(w), d["offset"])] = d
    bad = [k for k, v in ours.items() if k not in seen or seen[k]["length"] != v["length"]
           or seen[k].get("warc-target-uri") != v["url"]]
    print("  warcio index: %d records; SHARC's %d lines all at a record of the same URL and length: %s" % (
        len(seen), len(ours), "yes" if not bad else "no (%d)" % len(bad)))
    if bad:
        fail("warcio index: SHARC lines without a matching record: %s" % bad[:3])
    return ours


def legacy_304_warc(src, dst):
    """Writes src again as SHARC wrote it before server-not-modified revisits
    got an empty block: each such revisit's block is the 304 it answered,
    rebuilt from the warc-fields metadata record concurrent to it. Returns
    how many revisits it rewrote."""
    notmod = {}
    with open(src, "rb") as f:
        for rec in ArchiveIterator(f):
            if rec.rec_type != "metadata":
                continue
            body = rec.content_stream().read()
            if not body.startswith(b"http-status-line: "):
                continue
            status, headers = None, []
            for line in body.split(b"\r\n"):
                if line.startswith(b"http-status-line: "):
                    status = unquote_to_bytes(line[len(b"http-status-line: "):]).decode("latin-1")
                elif line.startswith(b"http-header: "):
                    name, _, value = unquote_to_bytes(line[len(b"http-header: "):]).decode("latin-1").partition(": ")
                    headers.append((name, value))
            notmod[rec.rec_headers.get_header("WARC-Concurrent-To")] = (status, headers)
    n = 0
    with open(src, "rb") as f, open(dst, "wb") as out:
        w = WARCWriter(out, gzip=True, warc_version="WARC/1.1")
        for rec in ArchiveIterator(f):
            rid = rec.rec_headers.get_header("WARC-Record-ID")
            if rec.rec_type == "revisit" and rid in notmod:
                status, headers = notmod[rid]
                proto, _, code = status.partition(" ")
                keep = [(k, v) for k, v in rec.rec_headers.headers
                        if k.lower() not in ("content-length", "warc-block-digest")]
                rec = w.create_warc_record(
                    rec.rec_headers.get_header("WARC-Target-URI"), "revisit", payload=BytesIO(b""),
                    warc_headers=StatusAndHeaders("WARC/1.1", keep, protocol="WARC/1.1"),
                    http_headers=StatusAndHeaders(code, headers, protocol=proto))
                n += 1
            w.write_record(rec)
    return n


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def http_get(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def memento_time(ts):
    t = time.strptime(ts[:14], "%Y%m%d%H%M%S")
    return time.strftime("%a, %d %b %Y %H:%M:%S GMT", t)


def replay_cases(ours, cap):
    """(kind, url, ts, expected body) for every capture of a page that has a
    revisit or a second response, from SHARC's own CDXJ and WARCs."""
    by_url = collections.defaultdict(list)
    for d in ours.values():
        by_url[d["url"]].append(d)
    warc_by_name = {os.path.basename(w): w for w in warc_files(cap)}
    cases = []
    for url, lines in sorted(by_url.items()):
        lines.sort(key=lambda d: d["timestamp"])
        if len(lines) != 2 or not lines[0].get("mime", "").startswith("text/html"):
            continue
        visit, second = lines
        body = read_record(warc_by_name[visit["filename"]], visit["offset"])[2]
        if second["mime"] == "warc/revisit":
            kind = "identical-payload revisit" if second.get("status") else "server-not-modified revisit"
            cases.append(("visit", url, visit["timestamp"], body))
            cases.append((kind, url, second["timestamp"], body))
        elif second.get("digest") != visit.get("digest"):
            body2 = read_record(warc_by_name[second["filename"]], second["offset"])[2]
            cases.append(("changed page, visit", url, visit["timestamp"], body))
            cases.append(("changed page, revisit", url, second["timestamp"], body2))
    return cases


def check_pywb(work, ours, cap):
    root = os.path.join(work, "pywb")
    port = free_port()
    log = open(os.path.join(work, "wayback.log"), "w")
    proc = subprocess.Popen(["wayback", "-b", "127.0.0.1", "-p", str(port), "-t", "2", "-d", root],
                            cwd=root, stdout=log, stderr=subprocess.STDOUT)
    try:
        base = "http://127.0.0.1:%d" % port
        deadline = time.time() + 60
        while True:
            try:
                if http_get(base + "/")[0] == 200:
                    break
            except OSError:
                pass
            if time.time() > deadline or proc.poll() is not None:
                fail("wayback did not answer on %s" % base)
                return
            time.sleep(0.1)
        results = collections.defaultdict(collections.Counter)
        examples = {}
        # Collection c has pywb's own index of the WARCs, s SHARC's CDXJ.
        for coll in ("c", "s"):
            for kind, url, ts, body in replay_cases(ours, cap):
                status, headers, got = http_get("%s/%s/%sid_/%s" % (base, coll, ts, url))
                md = headers.get("Memento-Datetime")
                ok = status == 200 and md == memento_time(ts) and got == body
                # The rewritten page (mp_, what a browser's frame loads) shows
                # the same capture: its <title> survives pywb's rewriting.
                title = re.search(rb"<title>[^<]*</title>", body)
                if title:
                    mp_status, _, mp = http_get("%s/%s/%smp_/%s" % (base, coll, ts, url))
                    ok = ok and mp_status == 200 and title.group(0) in mp
                results[(coll, kind)]["ok" if ok else "wrong"] += 1
                examples.setdefault((coll, kind), (url, ts, status, md, got == body))
                if not ok:
                    fail("pywb %s %s %s at %s: status %s, Memento-Datetime %s, body is the page: %s" % (
                        coll, kind, url, ts, status, md, got == body))
        # Collection l: the 304-block revisits SHARC wrote before (research:
        # pywb answers them with an empty 304, whatever the index says).
        if os.path.isdir(os.path.join(root, "collections", "l")):
            for kind, url, ts, body in replay_cases(ours, cap):
                if kind != "server-not-modified revisit":
                    continue
                status, headers, got = http_get("%s/l/%sid_/%s" % (base, ts, url))
                results[("l", kind + " with a 304 block")]["%s, %d bytes" % (status, len(got))] += 1
                examples.setdefault(("l", kind + " with a 304 block"),
                                    (url, ts, status, headers.get("Memento-Datetime"), got == body))
                if status != 304 or got:
                    fail("pywb 304-block revisit %s at %s: %s, %d bytes (research: empty 304)" % (
                        url, ts, status, len(got)))
        for (coll, kind), c in sorted(results.items()):
            url, ts, status, md, same = examples[(coll, kind)]
            print("  pywb (%s index) %s: %s; e.g. %s at %s -> %s, Memento-Datetime %s, body is the page: %s" % (
                {"c": "pywb's", "s": "SHARC's", "l": "pywb's, 304 blocks"}[coll], kind, dict(c), url, ts, status, md, same))
        if not results:
            fail("pywb: no page with a revisit or a change found")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def check_wacz(cap, work):
    wacz = os.path.join(cap, "demo.wacz")
    r = run(["wacz", "validate", "-f", wacz])
    ok = r.returncode == 0 and "Validation succeeded" in r.stdout
    print("  wacz validate: exit %d, %s" % (r.returncode, r.stdout.strip().splitlines()[-1:]))
    if not ok:
        fail("wacz validate: " + (r.stdout + r.stderr)[-800:])
    # The same package with one byte of its index changed must fail.
    bad = os.path.join(work, "tampered.wacz")
    with zipfile.ZipFile(wacz) as zin, zipfile.ZipFile(bad, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "indexes/index.cdxj":
                data = data.replace(b"text/html", b"text/htmX", 1)
            zout.writestr(item, data)
    r = run(["wacz", "validate", "-f", bad])
    print("  wacz validate (index byte changed): exit %d, %s" % (r.returncode, r.stdout.strip().splitlines()[-1:]))
    if r.returncode == 0:
        fail("wacz validate accepted a tampered package")
    r = run(["wacz", "validate", "-f", wacz, "--verify-auth"])
    last = (r.stdout.strip().splitlines() or [""])[-1]
    print("  wacz validate --verify-auth: exit %d, %s (authsign verifies domain-signed packages only)" % (
        r.returncode, last))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sharc", required=True, help="the sharc binary")
    p.add_argument("--work", required=True, help="scratch directory")
    p.add_argument("captures", nargs="+", help="sharc demo --out directories")
    a = p.parse_args()
    for cap in a.captures:
        print("== %s" % cap)
        work = os.path.join(a.work, os.path.basename(cap.rstrip("/")) + "-check")
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(os.path.join(work, "pywb"))
        warcs = warc_files(cap)
        if not warcs:
            fail("no WARC under %s" % cap)
            continue
        check_warcio(cap, warcs)
        # One pywb collection serves both the index comparison and replay.
        for cmd in (["wb-manager", "init", "c"], ["wb-manager", "add", "c"] + warcs):
            r = run(cmd, cwd=os.path.join(work, "pywb"))
            if r.returncode != 0:
                fail("%s: %s" % (" ".join(cmd[:2]), r.stderr[-500:]))
        ours = check_indexes(cap, work, a.sharc, warcs)
        if ours:
            # A second collection serves the same WARCs from SHARC's CDXJ.
            root = os.path.join(work, "pywb")
            r = run(["wb-manager", "init", "s"], cwd=root)
            if r.returncode != 0:
                fail("wb-manager init s: " + r.stderr[-500:])
            for w in warcs:
                shutil.copy(w, os.path.join(root, "collections", "s", "archive"))
            shutil.copy(os.path.join(work, "sharc.cdxj"), os.path.join(root, "collections", "s", "indexes", "index.cdxj"))
            # A third collection holds the WARCs with 304 blocks (pywb's index).
            legacy = [os.path.join(work, "legacy-" + os.path.basename(w)) for w in warcs]
            if sum(legacy_304_warc(w, l) for w, l in zip(warcs, legacy)):
                for cmd in (["wb-manager", "init", "l"], ["wb-manager", "add", "l"] + legacy):
                    r = run(cmd, cwd=root)
                    if r.returncode != 0:
                        fail("%s: %s" % (" ".join(cmd[:3]), r.stderr[-500:]))
                r = run(["cdxj-indexer"] + legacy)
                st = collections.Counter(json.loads(l.split(" ", 2)[2]).get("status", "none")
                                         for l in r.stdout.splitlines() if '"warc/revisit"' in l)
                print("  cdxj-indexer on the 304-block WARC: revisit line statuses %s" % dict(st))
            check_pywb(work, ours, cap)
        check_wacz(cap, work)
    print("%d unexpected results" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
