#!/usr/bin/env python3
"""A Plaid-compatible fake for benchmarks (standard library only): one item with one current
account and N transactions over the last two years, served by /transactions/sync in pages of
the requested count. Usage: fake-plaid.py PORT N"""

import datetime
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT, COUNT = int(sys.argv[1]), int(sys.argv[2])
TODAY = datetime.date.today()
MERCHANTS = [("Tesco", "FOOD_AND_DRINK", "FOOD_AND_DRINK_GROCERIES"), ("Pret A Manger", "FOOD_AND_DRINK", "FOOD_AND_DRINK_COFFEE"),
             ("TfL", "TRANSPORTATION", "TRANSPORTATION_PUBLIC_TRANSIT"), ("Amazon", "GENERAL_MERCHANDISE", "GENERAL_MERCHANDISE_ONLINE_MARKETPLACES")]


def transaction(i):
    day = TODAY - datetime.timedelta(days=(COUNT - 1 - i) * 730 // COUNT)
    name, primary, detailed = MERCHANTS[i % len(MERCHANTS)]
    pence = -250000 if i % 40 == 0 else 150 + (i * 37) % 4000
    return {"transaction_id": f"tx-{i}", "account_id": "acc-1", "amount": pence / 100, "date": day.isoformat(),
            "name": name.upper(), "merchant_name": name, "pending": False,
            "personal_finance_category": {"primary": primary, "detailed": detailed}}


ROWS = [transaction(i) for i in range(COUNT)]


class Plaid(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))) or b"{}")
        if self.path == "/link/token/create":
            answer = {"link_token": "link-sandbox-bench"}
        elif self.path == "/item/public_token/exchange":
            answer = {"access_token": "access-sandbox-bench", "item_id": "item-bench"}
        elif self.path == "/accounts/get":
            balance = 1_000_000 - sum(round(r["amount"] * 100) for r in ROWS)
            answer = {"accounts": [{"account_id": "acc-1", "name": "Bench Current", "official_name": None, "mask": "0001",
                                    "type": "depository", "subtype": "checking",
                                    "balances": {"current": balance / 100, "available": None, "limit": None}}]}
        elif self.path == "/transactions/sync":
            start = int(body.get("cursor") or 0)
            end = min(start + int(body.get("count", 100)), COUNT)
            answer = {"added": ROWS[start:end], "modified": [], "removed": [], "next_cursor": str(end), "has_more": end < COUNT}
        else:
            answer = {"request_id": "bench"}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


ThreadingHTTPServer(("127.0.0.1", PORT), Plaid).serve_forever()
