"""What the load scripts share: the server's resident memory from /proc, a sampler of its peak,
percentiles, test photos and their upload. Standard library only."""

import http.client
import json
import os
import random
import struct
import threading
import time
import zlib
from urllib.parse import urlparse


def rss_mb(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no {field} for {pid}")


class Sampler(threading.Thread):
    """Reads the server's RSS every 20 ms; remembers the highest per step."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.running = pid, 0.0, True

    def run(self):
        while self.running:
            self.peak = max(self.peak, rss_mb(self.pid))
            time.sleep(0.02)

    def take_peak(self):
        peak, self.peak = self.peak, rss_mb(self.pid)
        return max(peak, self.peak)


def pct(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def png(width, height, seed=1):
    """An RGB PNG: a diagonal colour field with per-row noise; a few MB for 12 megapixels."""
    rnd = random.Random(seed)
    base = bytes((x * 255 // width) & 0xFF for x in range(width) for _ in range(3))
    compressor = zlib.compressobj(6)
    chunks = []
    for y in range(height):
        shift = y * 255 // height
        table = bytes((v + shift + rnd.randrange(4)) & 0xFF for v in range(256))
        chunks.append(compressor.compress(b"\x00" + base.translate(table)))
    chunks.append(compressor.flush())
    return _png_file(width, height, b"".join(chunks))


def _png_file(width, height, idat):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def login(base, email, password):
    """Signs in through the API; the session token."""
    url = urlparse(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    conn.request("POST", "/api/auth/login", body=json.dumps({"email": email, "password": password}),
                 headers={"content-type": "application/json"})
    return json.loads(conn.getresponse().read())["token"]


def upload(base, token, data, name="photo.png", timeout=120):
    """One multipart POST on a fresh connection; (status, seconds)."""
    status, seconds, _ = upload_answer(base, token, data, name, timeout)
    return status, seconds


def upload_answer(base, token, data, name="photo.png", timeout=120):
    """One multipart POST on a fresh connection; (status, seconds, the answer's body)."""
    url = urlparse(base)
    boundary = "----bench" + os.urandom(8).hex()
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"{name}\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
    started = time.perf_counter()
    try:
        conn.request("POST", "/api/inventory-items/upload-image", body=body, headers={
            "authorization": f"Bearer {token}",
            "content-type": f"multipart/form-data; boundary={boundary}",
        })
        res = conn.getresponse()
        answer = res.read()
        return res.status, time.perf_counter() - started, answer
    except (ConnectionError, http.client.HTTPException):
        # The server may close an oversized body before reading it all.
        return "closed", time.perf_counter() - started, b""
    finally:
        conn.close()
