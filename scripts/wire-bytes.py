#!/usr/bin/env python3
"""Bytes on the wire for what /dashboard needs first: index.html and every script, style and
module preload it names, fetched as a browser would (Accept-Encoding: gzip, deflate, br).

    scripts/wire-bytes.py http://127.0.0.1:8080 [encoding]
"""
import re
import sys
import urllib.request

base = sys.argv[1].rstrip("/")
encoding = sys.argv[2] if len(sys.argv) > 2 else "gzip, deflate, br"


def fetch(path, accept=encoding):
    req = urllib.request.Request(base + path, headers={"Accept-Encoding": accept})
    with urllib.request.urlopen(req) as res:
        body = res.read()
        return body, res.headers.get("Content-Encoding", "identity")


html, enc = fetch("/dashboard")
files = [("/dashboard (index.html)", len(html), enc)]
plain, _ = fetch("/dashboard", "identity")
for path in sorted(set(re.findall(r'(?:src|href)="(/assets/[^"]+)"', plain.decode()))):
    body, enc = fetch(path)
    files.append((path, len(body), enc))
total = 0
for name, size, enc in files:
    total += size
    print(f"{size:>9,} B  {enc:<8} {name}")
print(f"{total:>9,} B  total on the wire for the first screen")
