#!/usr/bin/env python3
"""Photo uploads under load, and the server's memory through them (issue 13: bounded image work).

Drives a running server on this machine (loopback only) and samples its resident memory:

  1. one 12-megapixel photo at a time (the time of one upload);
  2. 8 connections uploading 12-megapixel photos for --seconds (answers, p50, p99, peak RSS);
  3. 4 connections each uploading one 49-megapixel photo (the largest accepted);
  4. 20 decompression bombs (a small PNG claiming 50,000 x 50,000 px) and 10 bodies over 10 MB;
then waits 5 s and reads the memory again. The photos are PNGs made here (standard library
only): smooth colour fields with noise, so they compress like photos rather than like a flat
colour. Prints the figures and checks them against the targets; exits 1 when one is missed.
"""

import argparse
import os
import statistics
import sys
import threading
import time
import zlib

from loadlib import Sampler, _png_file, login, pct, png, rss_mb, upload


def bomb():
    """A few kilobytes claiming 50,000 x 50,000 pixels (7.5 GB decoded)."""
    rows = zlib.compress(b"\x00" * (1 + 3 * 50_000) * 64, 9)
    return _png_file(50_000, 50_000, rows)


def in_parallel(count, work):
    results, lock = [], threading.Lock()

    def run(i):
        out = work(i)
        with lock:
            results.extend(out if isinstance(out, list) else [out])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def answers(results):
    counts = {}
    for status, _ in results:
        counts[status] = counts.get(status, 0) + 1
    return counts


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--base", required=True)
    p.add_argument("--pid", type=int, required=True)
    p.add_argument("--email", required=True)
    p.add_argument("--password", required=True)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--peak-target", type=float, default=400, help="MB")
    args = p.parse_args()

    token = login(args.base, args.email, args.password)

    made = time.perf_counter()
    photo = png(4000, 3000)
    large = png(7000, 7000, seed=2)
    bombs = bomb()
    oversized = os.urandom(11 * 1024 * 1024)
    print(f"made the files in {time.perf_counter() - made:.1f} s: 12 MP {len(photo) / 1e6:.1f} MB, "
          f"49 MP {len(large) / 1e6:.1f} MB, bomb {len(bombs) / 1e3:.1f} kB, oversized 11 MB")

    failures = []
    sampler = Sampler(args.pid)
    idle = rss_mb(args.pid)
    sampler.start()
    print(f"idle RSS                                   {idle:7.1f} MB")

    singles = [upload(args.base, token, photo) for _ in range(4)]
    assert all(s == 201 or s == 200 for s, _ in singles), singles
    t1 = statistics.median(e for _, e in singles[1:])
    print(f"one 12 MP photo at a time                  {t1 * 1000:7.0f} ms (median of 3)")
    print(f"  peak RSS                                 {sampler.take_peak():7.1f} MB")

    deadline = time.monotonic() + args.seconds

    def keep_uploading(_):
        seen = []
        while time.monotonic() < deadline:
            seen.append(upload(args.base, token, photo))
        return seen

    results = in_parallel(8, keep_uploading)
    stored = [e for s, e in results if s in (200, 201)]
    print(f"8 connections, 12 MP photos, {args.seconds:.0f} s         answers {answers(results)}, "
          f"{len(stored) / args.seconds:.2f} stored/s, p50 {pct(stored, 0.5) * 1000:.0f} ms, "
          f"p99 {pct(stored, 0.99) * 1000:.0f} ms")
    print(f"  peak RSS                                 {sampler.take_peak():7.1f} MB")
    if not stored or not set(s for s, _ in results) <= {200, 201, 503}:
        failures.append(f"8 connections: answers {answers(results)}")

    results = in_parallel(4, lambda _: upload(args.base, token, large))
    print(f"4 connections, one 49 MP photo each        answers {answers(results)}, "
          f"slowest {max(e for _, e in results) * 1000:.0f} ms")
    print(f"  peak RSS                                 {sampler.take_peak():7.1f} MB")
    if not set(s for s, _ in results) <= {200, 201, 503} or 503 in set(s for s, _ in results[:1]):
        failures.append(f"49 MP: answers {answers(results)}")

    results = in_parallel(20, lambda _: upload(args.base, token, bombs, "bomb.png"))
    results += in_parallel(10, lambda _: upload(args.base, token, oversized, "big.png"))
    print(f"20 bombs and 10 bodies over 10 MB          answers {answers(results)}, "
          f"slowest {max(e for _, e in results) * 1000:.0f} ms")
    print(f"  peak RSS                                 {sampler.take_peak():7.1f} MB")
    if not set(s for s, _ in results) <= {400, 413, "closed"}:
        failures.append(f"bombs and oversized bodies: answers {answers(results)}")

    time.sleep(5)
    after = rss_mb(args.pid)
    peak = max(sampler.take_peak(), rss_mb(args.pid, "VmHWM"))
    sampler.running = False
    print(f"RSS 5 s later                              {after:7.1f} MB (target <= idle + 50 = {idle + 50:.1f})")
    print(f"peak RSS over the whole run (VmHWM)        {peak:7.1f} MB (target <= {args.peak_target:.0f})")
    if peak > args.peak_target:
        failures.append(f"peak RSS {peak:.1f} MB above {args.peak_target:.0f} MB")
    if after > idle + 50:
        failures.append(f"RSS after {after:.1f} MB above idle + 50 MB")

    if failures:
        print("MISSED: " + "; ".join(failures))
        return 1
    print("all targets met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
