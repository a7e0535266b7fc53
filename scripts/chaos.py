#!/usr/bin/env python3
"""Crash test: money survives any crash to the penny.

Writes transactions (many back-dated), transfers and deletions across five accounts from several
clients at once, each with an Idempotency-Key and retried with the same key until answered (as
the web app's offline queue does), while the server is killed with SIGKILL at random moments and
restarted, and PostgreSQL is stopped as a crash would (`pg_ctl -m immediate`) and restarted.
Then it checks that:
  - every acknowledged (2xx) write is present exactly once, and every acknowledged deletion gone;
  - the accounts' balances add up to the initial balances plus the acknowledged writes;
  - no transfer has one leg;
  - `myspending verify` finds every stored figure consistent with the rows.
Prints the figures (kills survived, database crashes, writes acknowledged, retries) and exits 1 on
any difference. Standard library only. Uses its own cluster (target/chaos-pg), never the tests'.

  scripts/chaos.py [--ops 200] [--clients 6] [--seed N] [--binary target/debug/myspending]
"""

import argparse
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from datetime import date, timedelta

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PG_DIR = os.path.join(ROOT, "target", "chaos-pg")
EMAIL, PASSWORD = "chaos@example.com", "ChaosPass1"
ACCOUNTS = 5
INITIAL_PENCE = 250_000


def log(*args):
    print("chaos:", *args, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pg(*args):
    out = subprocess.run([os.path.join(ROOT, "scripts", "pg.sh"), *args], check=True, capture_output=True, text=True)
    return out.stdout.strip()


def pounds(pence):
    return f"{pence // 100}.{pence % 100:02d}"


def to_pence(amount):
    # Amounts on the wire are exact two-place decimals; read them as text, never as floats.
    whole, _, frac = f"{amount}".partition(".")
    sign = -1 if whole.startswith("-") else 1
    return sign * (abs(int(whole)) * 100 + int((frac + "00")[:2]))


class Server:
    """The real binary, restarted on demand; it keeps its data dir (and so its signing key)."""

    def __init__(self, binary, database_url):
        self.binary = binary
        self.port = free_port()
        self.data_dir = tempfile.mkdtemp(prefix="myspending-chaos-")
        self.env = dict(
            os.environ,
            DATABASE_URL=database_url,
            DATA_DIR=self.data_dir,
            BIND_ADDR=f"127.0.0.1:{self.port}",
            FRONTEND_DIR="/nonexistent",
            RUST_LOG="warn",
            AUTH_ATTEMPTS_PER_IP_PER_MINUTE="100000",
            AUTH_ATTEMPTS_PER_EMAIL_PER_MINUTE="100000",
        )
        self.proc = None
        self.log = open(os.path.join(self.data_dir, "server.log"), "ab")

    def cli(self, *args):
        return subprocess.run([self.binary, *args], env=self.env, check=True, capture_output=True, text=True).stdout

    def start(self):
        self.proc = subprocess.Popen([self.binary, "serve"], env=self.env, stdout=self.log, stderr=self.log)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/health", timeout=2) as res:
                    if res.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}; see {self.data_dir}/server.log")
            time.sleep(0.05)
        raise RuntimeError("the server did not become healthy in 60 s")

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=40)


class Client:
    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"
        self.token = None

    def call(self, method, path, body=None, key=None, timeout=15):
        """(status, parsed body); status 0 when the connection failed."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        if key:
            req.add_header("Idempotency-Key", key)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as res:
                return res.status, json.loads(res.read() or b"null")
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                return e.code, json.loads(raw)
            except ValueError:
                return e.code, raw.decode(errors="replace")
        except (urllib.error.URLError, ConnectionError, OSError, TimeoutError):
            return 0, None


class Run:
    def __init__(self, client, accounts, expense_categories, income_categories, ops, clients, rng):
        self.client = client
        self.accounts = accounts
        # Two of each kind: a split shares its amount between them.
        self.expense_categories = expense_categories
        self.income_categories = income_categories
        self.lock = threading.Lock()
        self.rng = rng
        self.remaining = ops
        self.clients = clients
        self.created = {}  # description -> (transaction id, signed pence, split into two parts)
        self.transfers = {}  # description -> (from id, to id, pence)
        self.deleted = set()  # descriptions whose deletion was acknowledged
        self.deletable = []  # descriptions of acknowledged, not deleted, plain transactions
        self.retries = 0
        self.already_saved = 0  # retries answered 'already saved': saved, then the answer lost
        self.failures = []
        self.done = threading.Event()

    def next_op(self):
        with self.lock:
            if self.remaining == 0:
                return None
            self.remaining -= 1
            n = self.remaining
            roll = self.rng.random()
            if roll < 0.2 and self.deletable:
                target = self.deletable.pop(self.rng.randrange(len(self.deletable)))
                return ("delete", n, target)
            back = self.rng.randrange(0, 400) if self.rng.random() < 0.6 else 0
            day = (date.today() - timedelta(days=back)).isoformat()
            pence = self.rng.randrange(1, 50_000)
            if roll < 0.55:
                a, b = self.rng.sample(self.accounts, 2)
                return ("transfer", n, (a, b, pence, day))
            kind = "income" if self.rng.random() < 0.45 else "expense"
            # One in three is split between two categories (its parts written with it, at once).
            split = self.rng.randrange(1, pence) if pence > 1 and self.rng.random() < 0.35 else None
            return ("transaction", n, (self.rng.choice(self.accounts), kind, pence, day, split))

    def until_answered(self, method, path, body, what):
        """Sends with one key until a final answer: what a phone's queue does."""
        key = str(uuid.uuid4())
        deadline = time.time() + 180
        while time.time() < deadline:
            status, answer = self.client.call(method, path, body, key)
            if 200 <= status < 300:
                if isinstance(answer, dict) and answer.get("alreadyApplied"):
                    with self.lock:
                        self.already_saved += 1
                return answer
            # Lost connection, the server restarting, the database away, the first try still
            # running (409): the same request again with the same key.
            if status in (0, 409, 502, 503, 504) or status >= 500:
                with self.lock:
                    self.retries += 1
                time.sleep(0.1)
                continue
            self.failures.append(f"{what}: {status} {answer}")
            return None
        self.failures.append(f"{what}: no answer in 180 s")
        return None

    def find(self, description):
        """The id of the row with this description (for a write answered 'already saved')."""
        while True:
            status, answer = self.client.call("GET", f"/api/transactions?search={description}&limit=100")
            if status == 200:
                return next(r["_id"] for r in answer["transactions"] if r["description"] == description)
            time.sleep(0.1)

    def worker(self, pace):
        rng = random.Random(self.rng.random())
        while (op := self.next_op()) is not None:
            # People's phones, not a benchmark: writes spread over the crashes.
            time.sleep(rng.uniform(0, 2 * pace))
            kind, n, detail = op
            description = f"chaos-{n}"
            if kind == "transaction":
                account, entry, pence, day, split = detail
                categories = self.income_categories if entry == "income" else self.expense_categories
                body = {"accountId": account, "categoryId": categories[0], "type": entry, "amount": pounds(pence),
                        "description": description, "date": day, "notes": "", "status": "completed"}
                if split is not None:
                    del body["categoryId"]
                    body["splits"] = [{"categoryId": categories[0], "amount": pounds(split)},
                                      {"categoryId": categories[1], "amount": pounds(pence - split)}]
                answer = self.until_answered("POST", "/api/transactions", body, description)
                if answer is not None:
                    # 'Already saved' (its first try was saved, then the answer lost) carries no
                    # row: the row is found by its description.
                    tx_id = answer["data"]["_id"] if "data" in answer else None
                    with self.lock:
                        self.created[description] = (tx_id, pence if entry == "income" else -pence, split is not None)
                        self.deletable.append(description)
            elif kind == "transfer":
                a, b, pence, day = detail
                body = {"fromAccountId": a, "toAccountId": b, "amount": pounds(pence), "date": day,
                        "description": description, "notes": ""}
                if self.until_answered("POST", "/api/transfers", body, description) is not None:
                    with self.lock:
                        self.transfers[description] = (a, b, pence)
            else:
                target = detail
                tx_id = self.created[target][0] or self.find(target)
                if self.until_answered("DELETE", f"/api/transactions/{tx_id}", None, f"delete {target}") is not None:
                    with self.lock:
                        self.deleted.add(target)


def chaos(server, stop, figures, rng, pg_url_args):
    while not stop.is_set():
        time.sleep(rng.uniform(0.1, 0.6))
        if stop.is_set():
            break
        if rng.random() < 0.75:
            server.kill()
            figures["kills"] += 1
            server.start()
        else:
            pg("crash", PG_DIR)
            figures["database_crashes"] += 1
            time.sleep(rng.uniform(0.1, 0.8))
            pg("start", *pg_url_args)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ops", type=int, default=200)
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--pace", type=float, default=0.15, help="mean seconds between one client's writes")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--binary", default=os.path.join(ROOT, "target", "debug", "myspending"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("CHAOS_PG_PORT", "54349")))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    log(f"seed {args.seed}: {args.ops} writes from {args.clients} clients")

    # Its own cluster, with synchronous commits (a throw-away cluster's --fast would let an
    # immediate stop lose acknowledged commits: that would test PostgreSQL's settings, not us).
    pg_args = (PG_DIR, str(args.port))
    admin_url = pg("start", *pg_args)
    pg("sql", PG_DIR, str(args.port), "DROP DATABASE IF EXISTS myspending_chaos WITH (FORCE)")
    pg("sql", PG_DIR, str(args.port), "CREATE DATABASE myspending_chaos")
    database_url = admin_url.rsplit("/", 1)[0] + "/myspending_chaos"

    server = Server(args.binary, database_url)
    ok = False
    try:
        server.cli("migrate")
        server.cli("create-admin", "--email", EMAIL, "--name", "Chaos Monkey", "--password", PASSWORD)
        server.start()
        client = Client(server.port)
        status, body = client.call("POST", "/api/auth/login", {"email": EMAIL, "password": PASSWORD})
        assert status == 200, (status, body)
        client.token = body["token"]
        accounts = []
        for i in range(ACCOUNTS):
            body = {"name": f"Account {i + 1}", "type": "current" if i % 2 == 0 else "savings",
                    "initialBalance": pounds(INITIAL_PENCE)}
            status, answer = client.call("POST", "/api/accounts", body)
            assert status == 201, (status, answer)
            accounts.append(answer["data"]["_id"])
        status, answer = client.call("GET", "/api/categories")
        categories = answer["data"]
        expense = [c["_id"] for c in categories if c["type"] == "expense"][:2]
        income = [c["_id"] for c in categories if c["type"] == "income"][:2]

        run = Run(client, accounts, expense, income, args.ops, args.clients, rng)
        figures = {"kills": 0, "database_crashes": 0}
        stop = threading.Event()
        monkey = threading.Thread(target=chaos, args=(server, stop, figures, random.Random(args.seed + 1), pg_args))
        started = time.time()
        workers = [threading.Thread(target=run.worker, args=(args.pace,)) for _ in range(args.clients)]
        monkey.start()
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        stop.set()
        monkey.join()
        elapsed = time.time() - started
        if server.proc.poll() is not None:
            server.start()

        problems = list(run.failures)
        problems += check(client, run, accounts)
        verify = subprocess.run([args.binary, "verify"], env=server.env, capture_output=True, text=True)
        if verify.returncode != 0:
            problems.append(f"myspending verify exited {verify.returncode}: {verify.stdout}{verify.stderr}")
        acknowledged = len(run.created) + len(run.transfers) + len(run.deleted)
        splits = sum(1 for (_, _, split) in run.created.values() if split)
        log(f"{figures['kills']} server kills and {figures['database_crashes']} database crashes survived in {elapsed:.1f} s")
        log(f"{acknowledged} of {args.ops} writes acknowledged ({len(run.created)} transactions ({splits} split), "
            f"{len(run.transfers)} transfers, {len(run.deleted)} deletions), {run.retries} retries, "
            f"{run.already_saved} answered 'already saved'")
        log(f"verify: {verify.stdout.strip()}")
        if problems:
            log(f"{len(problems)} problems (seed {args.seed}):")
            for p in problems:
                log("  " + p)
            return 1
        if acknowledged != args.ops:
            log(f"only {acknowledged} of {args.ops} writes were acknowledged")
            return 1
        log("every acknowledged write is there once, every balance adds up, verify is clean")
        ok = True
        return 0
    finally:
        server.stop()
        if ok:
            shutil.rmtree(server.data_dir, ignore_errors=True)
        else:
            log(f"server log kept in {server.data_dir}/server.log")
        pg("stop", PG_DIR)


def check(client, run, accounts):
    problems = []
    # Every row, read through the API, by its description.
    rows = []
    page = 1
    while True:
        status, answer = client.call("GET", f"/api/transactions?includeTransfers=true&limit=100&page={page}", timeout=60)
        if status != 200:
            return [f"listing transactions: {status} {answer}"]
        rows += answer["transactions"]
        if page >= answer["pagination"]["pages"]:
            break
        page += 1
    by_description = {}
    for row in rows:
        by_description.setdefault(row["description"], []).append(row)

    for description, (tx_id, pence, split) in run.created.items():
        found = by_description.get(description, [])
        if description in run.deleted:
            if found:
                problems.append(f"{description} was deleted (acknowledged) but is still there")
            continue
        if len(found) != 1:
            problems.append(f"{description}: {len(found)} rows for one acknowledged transaction")
        elif tx_id not in (None, found[0]["_id"]) or to_pence(found[0]["amount"]) != pence:
            problems.append(f"{description}: stored as {found[0]} (expected {tx_id}, {pence} pence)")
        elif split and (len(found[0]["splits"]) != 2 or sum(to_pence(p["amount"]) for p in found[0]["splits"]) != abs(pence)):
            problems.append(f"{description}: a split stored with parts {found[0]['splits']} (expected two of {abs(pence)} pence)")
        elif not split and found[0]["splits"]:
            problems.append(f"{description}: parts {found[0]['splits']} on a transaction sent with none")
    for description, (a, b, pence) in run.transfers.items():
        found = by_description.get(description, [])
        legs = sorted((r["accountId"]["_id"] if isinstance(r["accountId"], dict) else r["accountId"], to_pence(r["amount"])) for r in found)
        if legs != sorted([(a, -pence), (b, pence)]):
            problems.append(f"{description}: transfer legs {legs}, expected {a} -{pence} and {b} +{pence}")
    known = set(run.created) | set(run.transfers)
    for description in by_description:
        if description.startswith("chaos-") and description not in known:
            problems.append(f"{description}: a row for a write that was never acknowledged")

    status, answer = client.call("GET", "/api/accounts")
    balances = sum(to_pence(a["currentBalance"]) for a in answer["data"]["accounts"])
    expected = ACCOUNTS * INITIAL_PENCE + sum(p for d, (_, p, _) in run.created.items() if d not in run.deleted)
    if balances != expected:
        problems.append(f"balances add up to {balances} pence, the acknowledged writes to {expected}")
    return problems


if __name__ == "__main__":
    sys.exit(main())
