"""What the load scripts share: the server's resident memory from /proc, a sampler of its peak,
and percentiles. Standard library only."""

import threading
import time


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
