#!/usr/bin/env python3
"""A backup with the item photos, out and back in, and the server's memory through both.

Uploads --photos photos onto new items of the signed-in user, downloads GET /backup?images=true
(streamed to a file, counting bytes), then restores the zip into the empty --restore-email user;
RSS is sampled every 20 ms before, during and after each step. Standard library only."""

import argparse
import http.client
import json
import os
import tempfile
import time
from urllib.parse import urlparse

from loadlib import Sampler, login, png, rss_mb, upload_answer


def connect(base, timeout=900):
    url = urlparse(base)
    return http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--base", required=True)
    p.add_argument("--pid", type=int, required=True)
    p.add_argument("--email", required=True)
    p.add_argument("--restore-email", required=True)
    p.add_argument("--password", required=True)
    p.add_argument("--photos", type=int, default=150)
    args = p.parse_args()
    token = login(args.base, args.email, args.password)

    made = time.perf_counter()
    for n in range(args.photos):
        status, _, answer = upload_answer(args.base, token, png(2000, 1500, seed=n), timeout=300)
        assert status == 201, (n, status, answer[:200])
        path = json.loads(answer)["data"]["path"]
        conn = connect(args.base)
        item = {"name": f"Item {n:03}", "category": "Pantry", "currentStock": 1, "defaultNeeded": 1, "image": path}
        conn.request("POST", "/api/inventory-items", body=json.dumps(item),
                     headers={"authorization": f"Bearer {token}", "content-type": "application/json"})
        res = conn.getresponse()
        res.read()
        assert res.status == 201, res.status
        conn.close()
    print(f"{args.photos} photographed items (2000 x 1500 photos) made in {time.perf_counter() - made:.0f} s")

    sampler = Sampler(args.pid)
    print(f"idle RSS                                   {rss_mb(args.pid):7.1f} MB")
    sampler.start()
    with tempfile.TemporaryDirectory() as work:
        zipped = os.path.join(work, "backup.zip")
        started = time.perf_counter()
        conn = connect(args.base)
        conn.request("GET", "/api/backup?images=true", headers={"authorization": f"Bearer {token}"})
        res = conn.getresponse()
        assert res.status == 200, res.status
        size = 0
        with open(zipped, "wb") as out:
            while piece := res.read(1 << 16):
                out.write(piece)
                size += len(piece)
        conn.close()
        print(f"GET /backup?images=true                    {time.perf_counter() - started:7.1f} s, {size / 1e6:.1f} MB")
        print(f"  peak RSS                                 {sampler.take_peak():7.1f} MB")
        time.sleep(2)
        print(f"  RSS after                                {rss_mb(args.pid):7.1f} MB")

        target = login(args.base, args.restore_email, args.password)
        boundary = "----bench" + os.urandom(8).hex()
        with open(zipped, "rb") as f:
            body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"backup.zip\"\r\n"
                    f"Content-Type: application/zip\r\n\r\n").encode() + f.read() + f"\r\n--{boundary}--\r\n".encode()
        sampler.take_peak()
        started = time.perf_counter()
        conn = connect(args.base)
        conn.request("POST", "/api/restore", body=body, headers={
            "authorization": f"Bearer {target}", "content-type": f"multipart/form-data; boundary={boundary}"})
        res = conn.getresponse()
        answer = json.loads(res.read())
        conn.close()
        assert res.status == 200, answer
        print(f"POST /restore (the zip)                    {time.perf_counter() - started:7.1f} s: {answer['data']}")
        print(f"  peak RSS                                 {sampler.take_peak():7.1f} MB")
        time.sleep(2)
        print(f"  RSS after                                {rss_mb(args.pid):7.1f} MB")
    sampler.running = False


if __name__ == "__main__":
    main()
