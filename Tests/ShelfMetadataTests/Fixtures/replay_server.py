"""A replay of Open Library for shelf's tests: recorded answers from this folder, over HTTP on
127.0.0.1, with the failures the client must survive. Run by the tests as a child process:

    python3 replay_server.py FIXTURES LOG

prints its port on the first line of standard output, then serves until killed. Every request is
appended to LOG as one JSON line (path, time, User-Agent, Accept-Encoding), so tests can check
the client's politeness. No request ever leaves the machine.
"""
import gzip
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit, parse_qs

FIXTURES = sys.argv[1]
LOG = sys.argv[2]
lock = threading.Lock()
counts = {}

# ISBN → what /isbn/{isbn}.json does. Each is a valid ISBN-13.
ISBNS = {
    "9780441172719": ("redirect", "/books/OL26242482M.json"),
    "9780807083697": ("redirect", "/books/OL3407131M.json"),
    "9780316556347": ("redirect", "/books/OL26991327M.json"),
    "9782222222224": ("429-once", "/books/OL2M.json"),
    "9786666666668": ("redirect", "/books/OL3M.json"),
    "9787777777779": ("redirect", "/books/OL4M.json"),
    "9781111111113": ("429-always", None),
    "9783333333335": ("slow", None),
    "9784444444446": ("truncated", None),
    "9785555555557": ("malformed", None),
}
# Books whose ISBN a library's generated books use (9791000000008 and up, 200 of them): each
# redirects to the edition OL1000M + n, served from a template with its own cover id.
GENERATED_PREFIX = "979100"


def fixture(*parts):
    with open(os.path.join(FIXTURES, *parts), "rb") as handle:
        return handle.read()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body are two writes: without this, Nagle's algorithm and the client's delayed
    # ACK add 40 ms to every answer, which is the server's time, not the client's.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def record(self):
        with lock:
            with open(LOG, "a") as log:
                log.write(json.dumps({"path": self.path, "time": time.time(),
                                      "user_agent": self.headers.get("User-Agent"),
                                      "accept_encoding": self.headers.get("Accept-Encoding")}) + "\n")
            counts[self.path] = counts.get(self.path, 0) + 1
            return counts[self.path]

    def send(self, status, body, content_type="application/json", headers=None):
        encoding = None
        if content_type == "application/json" and "gzip" in (self.headers.get("Accept-Encoding") or ""):
            body = gzip.compress(body)
            encoding = "gzip"
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def not_found(self):
        self.send(404, json.dumps({"error": "notfound", "key": urlsplit(self.path).path}).encode())

    def do_GET(self):
        seen = self.record()
        parts = urlsplit(self.path)
        path, query = parts.path, parse_qs(parts.query)
        if path.startswith("/books/v1/") or path == "/books/content":
            return self.google(path, query)
        if path.startswith("/isbn/") and path.endswith(".json"):
            return self.isbn(path[len("/isbn/"):-len(".json")], seen)
        if path == "/search.json":
            return self.send(200, fixture("openlibrary", "search.json"))
        if path.startswith("/b/id/"):
            return self.cover(path[len("/b/id/"):], query)
        if path.startswith("/books/OL") and self.generated(path):
            return
        for folder in ("books", "works", "authors"):
            if path.startswith("/" + folder + "/"):
                name = path[len(folder) + 2:]
                if os.path.exists(os.path.join(FIXTURES, "openlibrary", folder, name)):
                    return self.send(200, fixture("openlibrary", folder, name))
        return self.not_found()

    def google(self, path, query):
        """Google Books' volumes API: a volume by ISBN (`q=isbn:…`) or by id, and its cover."""
        server = "http://127.0.0.1:%d" % self.server.server_address[1]
        def volume(volume_id):
            name = os.path.join(FIXTURES, "googlebooks", "volume-%s.json" % volume_id)
            if not os.path.exists(name):
                return None
            return json.loads(fixture("googlebooks", "volume-%s.json" % volume_id).decode().replace("{SERVER}", server))
        if path == "/books/content":
            return self.send(200, fixture("covers", "111-L.jpg"), "image/jpeg")
        if path == "/books/v1/volumes":
            q = query.get("q", [""])[0]
            items = []
            if q == "isbn:9780441172719":
                items = [volume("B1hSG45JCX4C")]
            answer = {"kind": "books#volumes", "totalItems": len(items)}
            if items:
                answer["items"] = items
            return self.send(200, json.dumps(answer).encode())
        found = volume(path[len("/books/v1/volumes/"):])
        if found is None:
            return self.send(404, json.dumps({"error": {"code": 404, "message": "The volume ID could not be found."}}).encode())
        return self.send(200, json.dumps(found).encode())

    def isbn(self, isbn, seen):
        kind, target = ISBNS.get(isbn, (None, None))
        if isbn.startswith(GENERATED_PREFIX) and kind is None:
            number = int(isbn[6:12])
            kind, target = "redirect", "/books/OL%dM.json" % (1000 + number)
        if kind == "redirect" or (kind == "429-once" and seen > 1):
            self.send_response(302)
            self.send_header("Location", target)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif kind in ("429-once", "429-always"):
            self.send(429, b"<html><body>Too Many Requests</body></html>", "text/html", {"Retry-After": "1"})
        elif kind == "slow":
            time.sleep(4)
            self.send(200, fixture("openlibrary", "books", "OL26242482M.json"))
        elif kind == "truncated":
            body = fixture("openlibrary", "books", "OL26242482M.json")
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[:100])
            self.wfile.flush()
            self.close_connection = True
        elif kind == "malformed":
            self.send(200, b'{"publishers": ["Ace"], "title": "Dune", "key": "/books/OL1')
        else:
            self.not_found()

    def generated(self, path):
        """/books/OL{1000+n}M.json for the generated ISBNs: a copy of the Dune edition."""
        try:
            number = int(path[len("/books/OL"):-len("M.json")]) - 1000
        except ValueError:
            return False
        if not 0 <= number < 1000:
            return False
        edition = json.loads(fixture("openlibrary", "books", "OL26242482M.json"))
        edition["key"] = "/books/OL%dM" % (1000 + number)
        edition["covers"] = [111 if number % 2 == 0 else 222]
        self.send(200, json.dumps(edition).encode())
        return True

    def cover(self, name, query):
        if query.get("default") != ["false"]:
            # Open Library's blank placeholder, which must never be saved as a cover.
            return self.send(200, fixture("covers", "111-L.jpg"), "image/jpeg")
        cover_id, _, size = name.partition("-")
        size = size.split(".")[0]
        for candidate, content_type in (("%s-%s.jpg" % (cover_id, size), "image/jpeg"),
                                        ("%s-%s.png" % (cover_id, size), "image/jpeg"),
                                        ("%s-%s.jpg.html" % (cover_id, size), "image/jpeg")):
            if os.path.exists(os.path.join(FIXTURES, "covers", candidate)):
                return self.send(200, fixture("covers", candidate), content_type)
        self.send(404, b"<html><body>Not Found</body></html>", "text/html")


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
