#!/usr/bin/env python3
"""Sign-in under load, and the server's memory through it (issue: bounded password hashing).

Drives a running server on this machine (loopback only) through four bounded steps and samples
its resident memory from /proc the whole time:

  1. one sign-in at a time (the time of one sign-in, t1);
  2. 8 connections signing in with the right password for --seconds (throughput, p50, p99);
  3. 64 connections sending a wrong password for --attack-seconds, while another client lists
     transactions every 100 ms (every answer must be 401, 429 or 503; the list stays fast);
  4. four 2,000-row PDFs at once;
then waits 5 s and reads the memory again. Prints the figures and checks them against the
targets; exits 1 when one is missed.

Standard library only, so it runs wherever python3 does.
"""

import argparse
import http.client
import json
import multiprocessing
import os
import statistics
import sys
import threading
import time
from urllib.parse import urlparse

from loadlib import Sampler, pct, rss_mb


class Client:
    """One keep-alive connection."""

    def __init__(self, base, timeout=30):
        url = urlparse(base)
        self.host, self.port, self.timeout = url.hostname, url.port, timeout
        self.conn = None

    def request(self, method, path, body=None, token=None):
        headers = {"content-type": "application/json"} if body is not None else {}
        if token:
            headers["authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                started = time.perf_counter()
                self.conn.request(method, path, body=data, headers=headers)
                res = self.conn.getresponse()
                payload = res.read()
                elapsed = time.perf_counter() - started
                if res.getheader("connection", "").lower() == "close":
                    self.conn.close()
                    self.conn = None
                return res.status, payload, elapsed
            except (ConnectionError, http.client.HTTPException):
                self.conn.close()
                self.conn = None
                if attempt == 1:
                    raise
        raise AssertionError("unreachable")


def login(client, email, password):
    return client.request("POST", "/api/auth/login", {"email": email, "password": password})


def hammer(base, connections, seconds, email, password):
    """`connections` threads signing in until the time is up; returns (statuses, latencies, errors)."""
    statuses, latencies, errors, lock = {}, [], [], threading.Lock()
    deadline = time.monotonic() + seconds

    def worker():
        client = Client(base)
        while time.monotonic() < deadline:
            try:
                status, _, elapsed = login(client, email, password)
            except Exception as e:  # a time-out or a dropped connection is a failure of the target
                with lock:
                    errors.append(repr(e))
                continue
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
                latencies.append(elapsed)

    threads = [threading.Thread(target=worker) for _ in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses, latencies, errors


def list_transactions(base, token, stop, out):
    """GET /api/transactions every 100 ms until told to stop; sends back (status, seconds)."""
    own, seen = Client(base), []
    while not stop.is_set():
        status, _, elapsed = own.request("GET", "/api/transactions", token=token)
        seen.append((status, elapsed))
        time.sleep(0.1)
    out.put(seen)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--base", required=True)
    p.add_argument("--pid", type=int, required=True)
    p.add_argument("--email", required=True)
    p.add_argument("--password", required=True)
    p.add_argument("--pdf-path", required=True, help="path and query of the 2,000-row PDF")
    p.add_argument("--pdf-email", required=True)
    p.add_argument("--cores", type=int, default=2)
    p.add_argument("--attacker-nice", type=int, default=0,
                   help="run the 64 attackers (not the bystander) at this niceness")
    p.add_argument("--seconds", type=float, default=15)
    p.add_argument("--attack-seconds", type=float, default=7)
    args = p.parse_args()

    failures = []
    sampler = Sampler(args.pid)
    idle = rss_mb(args.pid)
    sampler.start()
    print(f"idle RSS                                   {idle:7.1f} MB")

    client = Client(args.base)
    singles = []
    for _ in range(7):
        status, body, elapsed = login(client, args.email, args.password)
        assert status == 200, (status, body)
        singles.append(elapsed)
    token = json.loads(body)["token"]
    t1 = statistics.median(singles[2:])
    print(f"one sign-in at a time                      {t1 * 1000:7.1f} ms (median of 5)")
    print(f"  RSS after sequential sign-ins            {rss_mb(args.pid):7.1f} MB")
    sampler.take_peak()

    statuses, latencies, errors = hammer(args.base, 8, args.seconds, args.email, args.password)
    ok = statuses.get(200, 0)
    rate = ok / args.seconds
    p50, p99 = pct(latencies, 0.50), pct(latencies, 0.99)
    target_rate = 0.8 * args.cores / t1
    print(f"8 connections, right password, {args.seconds:.0f} s       {rate:7.1f} sign-ins/s "
          f"(target >= {target_rate:.1f}), p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, answers {statuses}")
    print(f"  peak RSS                                 {sampler.take_peak():7.1f} MB")
    if rate < target_rate:
        failures.append(f"throughput {rate:.1f}/s below {target_rate:.1f}/s")
    if p99 > 3 * p50:
        failures.append(f"p99 {p99 * 1000:.0f} ms above 3 x p50 {p50 * 1000:.0f} ms")
    if errors or set(statuses) != {200}:
        failures.append(f"8 connections: answers {statuses}, errors {errors[:3]}")

    # The attack, with a bystander listing transactions from a process of its own (a thread
    # here would wait for Python's interpreter lock behind the 64 attackers and time that too).
    bystander = multiprocessing.Queue()
    stop = multiprocessing.Event()
    watcher = multiprocessing.Process(target=list_transactions, args=(args.base, token, stop, bystander))
    watcher.start()
    if args.attacker_nice:
        os.nice(args.attacker_nice)
    statuses, latencies, errors = hammer(args.base, 64, args.attack_seconds, args.email, "Wrong-password-1")
    stop.set()
    bystander = bystander.get()
    watcher.join()
    slowest = max(e for _, e in bystander)
    print(f"64 connections, wrong password, {args.attack_seconds:.0f} s       answers {statuses}, "
          f"errors {len(errors)}, p50 {pct(latencies, 0.5) * 1000:.0f} ms")
    print(f"  GET /api/transactions meanwhile          {len(bystander)} requests, "
          f"median {statistics.median(e for _, e in bystander) * 1000:.0f} ms, slowest {slowest * 1000:.0f} ms "
          f"(slowest three at request {sorted(range(len(bystander)), key=lambda i: -bystander[i][1])[:3]})")
    print(f"  peak RSS                                 {sampler.take_peak():7.1f} MB")
    if errors or not set(statuses) <= {401, 429, 503}:
        failures.append(f"attack: answers {statuses}, errors {errors[:3]}")
    if slowest > 0.1 or any(s != 200 for s, _ in bystander):
        failures.append(f"bystander: slowest {slowest * 1000:.0f} ms, answers {set(s for s, _ in bystander)}")

    # Four 2,000-row PDFs at once.
    pdf_token = json.loads(login(Client(args.base), args.pdf_email, args.password)[1])["token"]
    pdfs = []

    def one_pdf():
        status, body, elapsed = Client(args.base, timeout=120).request("GET", args.pdf_path, token=pdf_token)
        pdfs.append((status, len(body), elapsed))

    threads = [threading.Thread(target=one_pdf) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"four 2,000-row PDFs at once                {sorted(pdfs)}")
    print(f"  peak RSS                                 {sampler.take_peak():7.1f} MB")
    if any(s != 200 for s, _, _ in pdfs):
        failures.append(f"PDFs: {pdfs}")

    time.sleep(5)
    after = rss_mb(args.pid)
    peak = max(sampler.take_peak(), rss_mb(args.pid, "VmHWM"))
    sampler.running = False
    print(f"RSS 5 s later                              {after:7.1f} MB (target <= idle + 50 = {idle + 50:.1f})")
    print(f"peak RSS over the whole run (VmHWM)        {peak:7.1f} MB (target <= 150)")
    if peak > 150:
        failures.append(f"peak RSS {peak:.1f} MB above 150 MB")
    if after > idle + 50:
        failures.append(f"RSS after {after:.1f} MB above idle + 50 MB")

    if failures:
        print("MISSED: " + "; ".join(failures))
        return 1
    print("all targets met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
